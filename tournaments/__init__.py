"""Tournaments app: formats, entries, rounds, pairing, scheduling, ladders and ratings."""
