"""ipywidgets views over carnuta_core: every rule question goes to the engine."""
