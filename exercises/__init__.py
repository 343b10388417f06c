"""Auto-checked Carnuta exercises: the notebooks in this folder and their checking kit."""
