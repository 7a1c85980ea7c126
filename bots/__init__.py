"""Bots app: built-in strategies that turn a seat view into an action, never seeing hidden cards."""
