"""Run the example bot against a service: ``python -m bots.client --url http://127.0.0.1:8000 --name mybot``.

It registers (or uses ``--token``), then either joins ``--table`` or opens a table of ``--preset`` with the
other seats taken by built-in bots, and plays it to the end with the built-in strategy of ``--level``.
"""

from __future__ import annotations

import argparse

from bots.client.bot import SpadesBot, builtin_strategy


def main() -> None:
    parser = argparse.ArgumentParser(description="An example Spades bot that plays through the public API.")
    parser.add_argument("--url", default="http://127.0.0.1:8000")
    parser.add_argument("--name", help="register a new account with this name")
    parser.add_argument("--token", help="an existing account's API token")
    parser.add_argument("--table", help="join this table instead of opening one")
    parser.add_argument("--preset", default="standard")
    parser.add_argument("--opponents", default="normal", choices=["easy", "normal", "hard"],
                        help="level of the built-in bots in the other seats of a table this bot opens")
    parser.add_argument("--level", default="normal", choices=["easy", "normal", "hard"],
                        help="the strategy this bot plays with")
    args = parser.parse_args()
    if not (args.name or args.token):
        parser.error("give --name (to register) or --token")
    bot = SpadesBot(args.url, token=args.token, strategy=builtin_strategy(args.level))
    if args.name:
        print(f"registered {args.name}; token (keep it): {bot.register(args.name)}")
    if args.table:
        bot.join(args.table)
        table_id = args.table
    else:
        partner, opponent = {"type": "bot", "level": "normal"}, {"type": "bot", "level": args.opponents}
        table_id = bot.create_table(args.preset, seats=[{"type": "open"}, opponent, partner, opponent])
    print(f"playing table {table_id}")
    table = bot.play(table_id)
    print(f"game over: scores {table.view.scores}, winner side {table.winner} (this bot is seat {table.your_seat})")


if __name__ == "__main__":
    main()
