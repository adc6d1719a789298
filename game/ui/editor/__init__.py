"""The position editor and analyser (issue 39): ``model`` (the position being edited, no pygame),
``live`` (its analysis asked of the solver's process after each edit) and ``scene`` (the Editor
scene and its boxes to type in). See docs/editor.md."""
