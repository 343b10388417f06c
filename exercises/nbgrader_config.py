# nbgrader settings for the Carnuta exercises (see exercises/README.md).
# The answer cells are written `answerNN = (### BEGIN SOLUTION ... ### END SOLUTION)`, so the
# stub nbgrader puts in their place must be an expression: the student starts from None.
c = get_config()  # noqa: F821
c.ClearSolutions.code_stub = {"python": "None  # YOUR ANSWER HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.ClearSolutions.enforce_metadata = True
