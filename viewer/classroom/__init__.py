"""The classroom in a browser (``pyramid-lab classroom``): the lab's lessons served to a
class, one lesson state per student on the server, and a teacher's page that sees them all.

- :mod:`.room`: the class (Qt-, VTK- and web-free): the lessons, each student's
  :class:`~viewer.lab.Lab` (the window's own lesson state: steps, judging, hints, Retry,
  Next), their tries and times, the teacher's view, the results file and its CSV, and the
  checks every value from a browser goes through;
- :mod:`.scene`: a student's board as meshes for vtk.js (pyvista builds them, the browser
  draws them);
- :mod:`.web`: the server (aiohttp): the students' page, the teacher's page, one websocket
  a page with explicit JSON messages, and the bounds on what a page may ask.

No module here imports Qt (``tests/viewer/test_contracts.py``)."""
