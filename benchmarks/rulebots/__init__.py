"""pakka's Guandan bots against the Guandan AI competition's rule bots (not a test).

The port of the team's evaluation harness (it lived in ``shared/tools/rulebots``, on the
untyped events of pakka before issue 16) to the typed events and views:

* :mod:`.convert`: pakka <-> the competition's wire format (cards, actions, the server's
  ``actionList`` order);
* :mod:`.loader`: loads one rule bot per seat from a git copy of the public repository
  AltmanD/guandan_mcc at run time (``git archive`` into a scratch folder; nothing of the
  bots is ever copied into pakka);
* :mod:`.harness`: plays the matches (pakka's engine referees, the rule bots get the
  competition server's messages) and summarises them;
* :mod:`.check_format`: checks :mod:`.convert` against a server message recorded in the
  bots' own source.

``benchmarks/rulebots.py`` is the command line (``--repo PATH``).
"""
