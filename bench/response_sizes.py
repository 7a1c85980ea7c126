"""Bytes of the play loop's responses: the action response (``POST /tables/{id}/actions/``) and the table
view (``GET /tables/{id}/``), mid-hand in the first hand, at the start of the second hand and mid-hand in
the second (where the view also carries what it keeps of the finished hand), and what a repeated read
costs with ``If-None-Match``.

Four accounts play a standard table in-process with Django's test client (bid 3, then the first legal card),
so the figures are the same from run to run. Usage: ``python bench/response_sizes.py``; it uses the database
named by ``BENCH_DATABASE_URL`` (default: a ``spades_bench`` database on the local PostgreSQL), migrating it
first. Last line: ``action_mid_hand2=<bytes> view_mid_hand2=<bytes>``.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.api import DEFAULT_DB, ensure_database, seated_table  # noqa: E402


def main() -> None:
    db = os.environ.get("BENCH_DATABASE_URL", DEFAULT_DB)
    ensure_database(db)
    os.environ.update({"DATABASE_URL": db, "DJANGO_SETTINGS_MODULE": "spades_api.settings",
                       "SECRET_KEY": secrets.token_urlsafe(50), "ALLOWED_HOSTS": "127.0.0.1",
                       "THROTTLE_USER_RATE": "100000/min", "THROTTLE_ANON_RATE": "100000/min",
                       "THROTTLE_REGISTER_RATE": "100000/min", "LOG_LEVEL": "WARNING"})
    subprocess.run([sys.executable, "manage.py", "migrate", "--no-input", "-v0"], cwd=ROOT, check=True)

    import django

    django.setup()
    from django.test import Client

    from games import engine
    from games.models import Table

    http = Client(SERVER_NAME="127.0.0.1")
    table, auth = seated_table(http, "size-")
    sizes: dict[str, int] = {}
    while True:
        row = Table.objects.get(pk=table)
        game = engine.Game.from_json(row.state)
        hand, trick = game.hand_number, game.trick_number
        seat = game.to_move()[0]
        if hand == 2 and trick == 7:
            break
        if game.phase == engine.BID:
            action = {"type": "bid", "bid": 3}
        else:
            action = {"type": "play", "card": engine.card_name(game.legal_cards(seat)[0])}
        r = http.post(f"/api/v1/tables/{table}/actions/", action | {"seq": row.seq},
                      content_type="application/json", **auth[seat])
        assert r.status_code == 200, r.content
        if game.phase == engine.PLAY and trick == 6 and len(game.trick) == 1:
            view = http.get(f"/api/v1/tables/{table}/", **auth[seat])
            sizes[f"action_mid_hand{hand}"] = len(r.content)
            sizes[f"view_mid_hand{hand}"] = len(view.content)
            again = http.get(f"/api/v1/tables/{table}/", HTTP_IF_NONE_MATCH=view.get("ETag", '"none"'),
                             **auth[seat])
            sizes[f"view_again_hand{hand}_status"] = again.status_code
            sizes[f"view_again_hand{hand}"] = len(again.content)
        if r.json()["table"]["view"]["hand_number"] == 2 and "action_hand2_start" not in sizes:
            sizes["action_hand2_start"] = len(r.content)
            sizes["view_hand2_start"] = len(http.get(f"/api/v1/tables/{table}/", **auth[seat]).content)
    for key, value in sizes.items():
        print(f"{key}={value}")
    print(f"action_mid_hand2={sizes['action_mid_hand2']} view_mid_hand2={sizes['view_mid_hand2']}")


if __name__ == "__main__":
    main()
