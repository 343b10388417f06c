# nbgrader settings for the Carnuta exercises (see exercises/README.md). `python -m
# exercises.kit.course COURSE --lessons-url URL` copies this file into a course folder, with
# the lessons' address filled in below.
from nbgrader.converters import GenerateAssignment, GenerateFeedback

from exercises.kit.course import FeedbackLinks, ReleaseFeedback, StudentVersion

c = get_config()  # noqa: F821
# The answer cells are written `answerNN = (### BEGIN SOLUTION ... ### END SOLUTION)`, so the
# stub nbgrader puts in their place must be an expression: the student starts from None.
c.ClearSolutions.code_stub = {"python": "None  # YOUR ANSWER HERE"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.ClearSolutions.enforce_metadata = True
# The student version's title and lesson links. StudentVersion runs first, before nbgrader
# saves the cells, so autograding restores the same text in every submission.
c.GenerateAssignment.preprocessors = [
    StudentVersion,
    *GenerateAssignment.class_traits()["preprocessors"].default(),
]
# Feedback pages link to each other's HTML.
c.GenerateFeedback.preprocessors = [
    *GenerateFeedback.class_traits()["preprocessors"].default(),
    FeedbackLinks,
]
# Feedback is released to the students who came through the exchange; those who handed files
# back are named, and sent their feedback/<student>/carnuta/ folder.
c.ExchangeFactory.release_feedback = ReleaseFeedback
# Where the students read the lessons (an address or folder ending in '/'); empty: the
# exercises name the lessons in words, without links.
c.StudentVersion.lessons_url = ""
