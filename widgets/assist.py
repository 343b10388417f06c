"""``TableVoice``: what a game table tells a screen reader, and where it puts the keyboard focus.

A table's pictures and buttons say nothing when a bot plays or a move is refused; a student who
listens to the page, or plays by keyboard alone, needs the table to speak and to keep the focus
on a control. ``TableVoice`` is a small widget with its own front end (anywidget), laid inside
the table and hidden from sight but not from assistive technology. It holds:

- a polite live region (``role="status"``) and an alert region (``role="alert"``), present from
  the start, whose text is replaced on each message (``say``, ``alert``): a counter goes with
  each message, so the same sentence said twice is announced twice;
- the table's language, set as the ``lang`` of the table's root element (``root``, a CSS
  class), so that a French table is read with a French voice;
- Enter in the typed box (``typed_selector``), sent with the box's text (``on_typed``);
- focus requests (``focus_on``): the front end focuses the control as soon as it is on the page
  and enabled (other widgets' messages may land after the request);
- ``aria-pressed`` on the table's toggle buttons (the ipywidgets 8 front end marks the pressed
  one with a CSS class only);
- roving tab stops (``roving``, CSS selectors of groups of buttons, such as the buttons over a
  picture): each group is one stop in the Tab order (its button holding the stop has
  ``tabindex=0``, the others -1), and the arrow keys move among its allowed buttons (those not
  marked ``cn-refused``): Right and Left in reading order, Down and Up to the nearest one in
  the row below or above, Home and End to the first and the last (ARIA's roving tabindex);
- while a bot plays (``busy``), the human's controls (``busy_selector``) marked
  ``aria-disabled`` and their clicks and Enter ignored: a click the kernel would only read once
  the bot is done must not land on the button as it is redrawn then.

>>> voice = TableVoice(root="cn-table")
>>> voice.say("Your turn: 2 actions left.")
>>> voice.polite, voice.polite_count
('Your turn: 2 actions left.', 1)
>>> voice.say("Your turn: 2 actions left.")
>>> voice.polite_count
2
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import anywidget
import ipywidgets as widgets
import traitlets

__all__ = ["TableVoice"]

#: The front end: the two regions, the language, the focus requests and the pressed states.
ESM = r"""
const HIDDEN = "position:absolute;width:1px;height:1px;margin:-1px;padding:0;overflow:hidden;"
  + "clip:rect(0 0 0 0);clip-path:inset(50%);white-space:nowrap;border:0;";
const RETRY_MS = 50;
const RETRIES = 80;

function render({ model, el }) {
  el.style.cssText = HIDDEN;
  el.classList.add("table-voice");
  el.dataset.focusDone = "0";
  const polite = document.createElement("div");
  polite.className = "table-voice-status";
  polite.setAttribute("role", "status");
  polite.setAttribute("aria-live", "polite");
  polite.setAttribute("aria-atomic", "true");
  const alert = document.createElement("div");
  alert.className = "table-voice-alert";
  alert.setAttribute("role", "alert");
  alert.setAttribute("aria-atomic", "true");
  // Each region hidden too: the widget's own box may be restyled by its layout, and a
  // region as wide as its sentence would then widen the table on a phone.
  polite.style.cssText = HIDDEN;
  alert.style.cssText = HIDDEN;
  el.append(polite, alert);

  let root = null;
  const findRoot = () => {
    if (!root || !root.isConnected) { root = el.closest("." + model.get("root")); }
    return root;
  };
  // The view is drawn before it joins the page: wait for the table around it.
  const withRoot = (then, tries = RETRIES) => {
    const found = findRoot();
    if (found) { then(found); } else if (tries > 0) {
      setTimeout(() => withRoot(then, tries - 1), RETRY_MS);
    }
  };
  const applyLang = () => withRoot((r) => { r.setAttribute("lang", model.get("lang")); });

  const markPressed = (r) => {
    for (const button of r.querySelectorAll(".widget-toggle-button")) {
      const pressed = button.classList.contains("mod-active") ? "true" : "false";
      if (button.getAttribute("aria-pressed") !== pressed) {
        button.setAttribute("aria-pressed", pressed);
      }
    }
  };
  // The roving tab stops: the button holding each group's stop, and the group's buttons.
  const holders = new WeakMap();
  const buttonsOf = (group) => [...group.children].filter((c) => c.tagName === "BUTTON");
  const allowedOf = (group) => buttonsOf(group).filter((b) => !b.disabled
    && b.style.display !== "none" && !b.classList.contains("cn-refused"));
  const rove = (r) => {
    const selector = model.get("roving");
    if (!selector) { return; }
    for (const group of r.querySelectorAll(selector)) {
      const allowed = allowedOf(group);
      let holder = allowed.includes(document.activeElement) ? document.activeElement
        : holders.get(group);
      if (!allowed.includes(holder)) { holder = readingOrder(allowed)[0]; }
      for (const button of buttonsOf(group)) {
        const index = button === holder ? "0" : "-1";
        if (button.getAttribute("tabindex") !== index) { button.setAttribute("tabindex", index); }
      }
      if (holder) { holders.set(group, holder); }
    }
  };
  const centre = (b) => { const box = b.getBoundingClientRect();
    return { x: box.left + box.width / 2, y: box.top + box.height / 2, h: box.height }; };
  // Rows of buttons as they are drawn (a row is less than a button's height high), then left
  // to right within a row.
  const readingOrder = (buttons) => {
    const shown = buttons.filter((b) => b.getClientRects().length);
    if (!shown.length) { return buttons; }
    const rowHeight = Math.max(1, Math.min(...shown.map((b) => centre(b).h)));
    const key = (b) => { const c = centre(b); return [Math.round(c.y / rowHeight), c.x]; };
    return shown.map((b) => [key(b), b]).sort(([a], [b]) => a[0] - b[0] || a[1] - b[1])
      .map(([, b]) => b);
  };
  const nearestInRow = (from, buttons, down) => {
    const at = centre(from);
    let best = null;
    let bestScore = Infinity;
    for (const b of buttons) {
      const c = centre(b);
      const dy = down ? c.y - at.y : at.y - c.y;
      if (dy < at.h / 2) { continue; }
      const score = 2 * dy + Math.abs(c.x - at.x);
      if (score < bestScore) { best = b; bestScore = score; }
    }
    return best;
  };
  const onArrow = (event) => {
    const selector = model.get("roving");
    const button = event.target;
    const group = button.parentElement;
    if (!selector || event.altKey || event.ctrlKey || event.metaKey || !group
        || button.tagName !== "BUTTON" || !group.matches(selector)) { return; }
    const allowed = readingOrder(allowedOf(group));
    const k = allowed.indexOf(button);
    const n = allowed.length;
    if (k < 0 || !n) { return; }
    const next = { ArrowRight: allowed[(k + 1) % n], ArrowLeft: allowed[(k + n - 1) % n],
                   Home: allowed[0], End: allowed[n - 1],
                   ArrowDown: nearestInRow(button, allowed, true),
                   ArrowUp: nearestInRow(button, allowed, false) }[event.key];
    if (next === undefined) { return; }
    event.preventDefault();
    if (next) { holders.set(group, next); next.focus(); }
  };
  const onFocusIn = (event) => {
    const selector = model.get("roving");
    const group = event.target.parentElement;
    if (selector && group && group.matches(selector)) {
      holders.set(group, event.target);
      withRoot(rove);
    }
  };
  // While a bot plays, the human's controls say they are disabled and do nothing.
  const markBusy = (r) => {
    const busy = model.get("busy");
    const selector = model.get("busy_selector");
    r.classList.toggle("table-busy", busy);
    if (!selector) { return; }
    for (const control of r.querySelectorAll(selector)) {
      if (busy) { control.setAttribute("aria-disabled", "true"); }
      else if (control.hasAttribute("aria-disabled")) { control.removeAttribute("aria-disabled"); }
    }
  };
  const heldBack = (event) => {
    const selector = model.get("busy_selector");
    return model.get("busy") && selector && event.target.closest && event.target.closest(selector);
  };
  const onBusyClick = (event) => {
    if (heldBack(event)) { event.preventDefault(); event.stopImmediatePropagation(); }
  };
  let observer = null;
  // Enter in the typed box sends what is in the box at that moment (the box's own value may
  // reach the kernel later: ipywidgets holds a model's updates while one is on its way).
  const onKey = (event) => {
    const selector = model.get("typed_selector");
    if (event.key === "Enter" && !event.isComposing && selector && event.target.matches(selector)) {
      if (heldBack(event)) { event.preventDefault(); event.stopImmediatePropagation(); return; }
      model.send({ event: "typed", text: event.target.value });
    }
  };
  let rootSeen = null;
  withRoot((r) => {
    rootSeen = r;
    markPressed(r);
    markBusy(r);
    rove(r);
    let pending = false;
    observer = new MutationObserver(() => {
      markPressed(r);
      if (!pending) {  // once for a burst of changes (a redrawn table)
        pending = true;
        setTimeout(() => { pending = false; rove(r); markBusy(r); }, 0);
      }
    });
    observer.observe(r, { subtree: true, childList: true, attributes: true,
                          attributeFilter: ["class", "style", "disabled"] });
    r.addEventListener("keydown", onKey, true);  // before the box's handler stops it
    r.addEventListener("keydown", onArrow);
    r.addEventListener("focusin", onFocusIn);
    r.addEventListener("click", onBusyClick, true);  // before the button's own handler
  });
  // Emptied here, as if typed: the box's own update then follows the one on its way.
  const clearTyped = () => withRoot((r) => {
    const box = r.querySelector(model.get("typed_selector"));
    if (box) { box.value = ""; box.dispatchEvent(new Event("input", { bubbles: true })); }
  });

  // Emptied first, then filled: a sentence equal to the last one is announced again.
  const speak = (region, key) => {
    region.textContent = "";
    setTimeout(() => { region.textContent = model.get(key); }, RETRY_MS);
  };

  const focus = () => {
    const asked = model.get("focus_count");
    const selector = model.get("focus_selector");
    let tries = RETRIES;
    const attempt = () => {
      if (model.get("focus_count") !== asked || !selector) { return; }
      const r = findRoot();
      // The control, or the twin of it that the narrower layout shown now has on the page.
      const twins = selector.replace(".table-focus-", ".table-twin-of-");
      const candidates = r ? [r.querySelector(selector), ...r.querySelectorAll(twins)] : [];
      const target = candidates.find((c) => c && !c.disabled && c.getClientRects().length);
      if (target) {
        const control = target.matches("input, button, select, textarea")
          ? target : target.querySelector("input, button, select, textarea") || target;
        // A status line held while the bots play: focusable by script only, out of the Tab order.
        if (!control.matches("input, button, select, textarea, [tabindex]")) {
          control.setAttribute("tabindex", "-1");
        }
        control.focus();
        if (document.activeElement === control) {
          el.dataset.focusDone = String(asked);  // which request holds (for tests)
          return;
        }
      }
      if (tries-- > 0) { setTimeout(attempt, RETRY_MS); }
    };
    attempt();
  };

  model.on("change:polite_count", () => speak(polite, "polite"));
  model.on("change:alert_count", () => speak(alert, "alert_text"));
  model.on("change:alert_text", () => { if (!model.get("alert_text")) { alert.textContent = ""; } });
  model.on("change:lang", applyLang);
  model.on("change:focus_count", focus);
  model.on("change:clear_count", clearTyped);
  model.on("change:roving", () => withRoot(rove));
  model.on("change:busy change:busy_selector", () => withRoot(markBusy));
  polite.textContent = model.get("polite");
  applyLang();
  return () => {
    if (observer) { observer.disconnect(); }
    if (rootSeen) {
      rootSeen.removeEventListener("keydown", onKey, true);
      rootSeen.removeEventListener("keydown", onArrow);
      rootSeen.removeEventListener("focusin", onFocusIn);
      rootSeen.removeEventListener("click", onBusyClick, true);
    }
  };
}

export default { render };
"""


class TableVoice(anywidget.AnyWidget):
    """The live regions, the language and the focus of the table whose root has the CSS class
    ``root`` (the widget must be laid inside that table)."""

    _esm = ESM
    #: The CSS class of the table's root element.
    root = traitlets.Unicode("").tag(sync=True)
    #: The table's language (the ``lang`` of its root element).
    lang = traitlets.Unicode("en").tag(sync=True)
    #: The last polite message, and how many have been said.
    polite = traitlets.Unicode("").tag(sync=True)
    polite_count = traitlets.Int(0).tag(sync=True)
    #: The last alert, and how many have been raised.
    alert_text = traitlets.Unicode("", help="the last alert").tag(sync=True)
    alert_count = traitlets.Int(0).tag(sync=True)
    #: The control to focus (a CSS selector inside the table's root), and how many requests.
    focus_selector = traitlets.Unicode("").tag(sync=True)
    focus_count = traitlets.Int(0).tag(sync=True)
    #: The typed-action box (a CSS selector inside the table's root), and how many times it
    #: was emptied.
    typed_selector = traitlets.Unicode("").tag(sync=True)
    clear_count = traitlets.Int(0).tag(sync=True)
    #: The groups of buttons that are each one roving tab stop (CSS selectors inside the root;
    #: a group's buttons are its children).
    roving = traitlets.Unicode("").tag(sync=True)
    #: Whether a bot is playing, and the human's controls (a CSS selector inside the root)
    #: that then say they are disabled and ignore clicks and Enter.
    busy = traitlets.Bool(False).tag(sync=True)
    busy_selector = traitlets.Unicode("").tag(sync=True)

    def on_typed(self, callback: Callable[[str], None]) -> None:
        """Call ``callback(text)`` when Enter is pressed in the typed box."""
        self._typed_callbacks.append(callback)

    def typed(self, text: str) -> None:
        """Enter was pressed in the typed box holding ``text`` (the front end's message)."""
        for callback in self._typed_callbacks:
            callback(text)

    def _receive(self, _widget: object, content: dict[str, Any], _buffers: object) -> None:
        if content.get("event") == "typed" and isinstance(content.get("text"), str):
            self.typed(content["text"])

    def clear_typed(self) -> None:
        """Empty the typed box in the page."""
        self.clear_count += 1

    def __init__(self, **kwargs: Any):
        super().__init__(**kwargs)
        self._typed_callbacks: list[Callable[[str], None]] = []
        self.on_msg(self._receive)

    def say(self, text: str) -> None:
        """Announce ``text`` politely (after what the screen reader is saying)."""
        with self.hold_sync():
            self.polite = text
            self.polite_count += 1

    def alert(self, text: str) -> None:
        """Announce ``text`` at once (a refusal)."""
        with self.hold_sync():
            self.alert_text = text
            self.alert_count += 1

    def clear_alert(self) -> None:
        """Empty the alert region, silently (the refusal no longer holds)."""
        self.alert_text = ""

    def focus_on(self, widget: widgets.DOMWidget) -> None:
        """Put the keyboard focus on ``widget`` (a control inside the table)."""
        tag = f"table-focus-{widget.model_id}"
        widget.add_class(tag)  # once: ipywidgets sends nothing for a class already there
        with self.hold_sync():
            self.focus_selector = f".{tag}"
            self.focus_count += 1
