"""argparse's own words, marked for extraction so the catalogues translate them.

argparse looks its messages up through ``_`` (``gettext.gettext``) and ``ngettext`` in its
module namespace when it prints them; :func:`game.commands.cli.build_parser` points those names at
:mod:`game.i18n`, so ``usage:``, ``options``, ``show this help message and exit`` and its
errors are in the language in use. Babel does not read the standard library, so the msgids
are listed here, copied exactly (placeholders included) from argparse.py of Python 3.11;
nothing imports this module. A msgid that a later Python changes is simply shown in
English until it is listed here too. No pygame here.
"""

from game.i18n import N_


def _plural(singular: str, plural: str) -> tuple[str, str]:
    """Mark a message with plural forms (Babel extracts ``ngettext``'s first two arguments)."""
    return singular, plural


ngettext = _plural  # the name Babel's extractor recognises for plural messages

MESSAGES = (
    # the help
    N_("usage: "),
    N_("positional arguments"),
    N_("options"),
    N_("show this help message and exit"),
    N_("subcommands"),  # the default title of a subparsers group, translated by argparse too
    # errors about the command line
    N_("%(prog)s: error: %(message)s\n"),
    N_("argument %(argument_name)s: %(message)s"),
    N_("unrecognized arguments: %s"),
    N_("not allowed with argument %s"),
    N_("ignored explicit argument %r"),
    N_("the following arguments are required: %s"),
    N_("one of the arguments %s is required"),
    N_("expected one argument"),
    N_("expected at most one argument"),
    N_("expected at least one argument"),
    ngettext("expected %s argument", "expected %s arguments"),
    N_("ambiguous option: %(option)s could match %(matches)s"),
    N_("unexpected option string: %s"),
    N_("invalid %(type)s value: %(value)r"),
    N_("invalid choice: %(value)r (choose from %(choices)s)"),
    N_("unknown parser %(parser_name)r (choices: %(choices)s)"),
    N_("argument \"-\" with mode %r"),
    N_("can't open '%(filename)s': %(error)s"),
    # mistakes in building a parser (a programmer's, but argparse translates them too)
    N_(".__call__() not defined"),
    N_("conflicting subparser: %s"),
    N_("conflicting subparser alias: %s"),
    N_("cannot merge actions - two groups are named %r"),
    N_("'required' is an invalid argument for positionals"),
    N_("invalid option string %(option)r: must start with a character %(prefix_chars)r"),
    N_("dest= is required for options like %r"),
    N_("invalid conflict_resolution value: %r"),
    ngettext("conflicting option string: %s", "conflicting option strings: %s"),
    N_("mutually exclusive arguments must be optional"),
    N_("cannot have multiple subparser arguments"),
    N_("%r is not callable"),
)
