#!/usr/bin/env python
"""Django's command-line entry point for the Spades service."""

import os
import sys


def main() -> None:
    """Run an administrative task."""
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "spades_api.settings")
    from django.core.management import execute_from_command_line

    execute_from_command_line(sys.argv)


if __name__ == "__main__":
    main()
