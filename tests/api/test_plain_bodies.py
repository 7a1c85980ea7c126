"""``core.serializers.validated`` takes a plain body without building its serializer
(``plain_validated``): wherever it does, the serializer itself accepts the same body and gives the same values,
on random bodies for every serializer a view validates with it; and the usual bodies do take that path."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rest_framework import serializers

from core.serializers import _plain_fields, plain_validated, validated
from games.api import matchmaking as m
from games.api import serializers as s
from tournaments.api import serializers as ts

BODIES = [*s.ACTION_SERIALIZERS.values(), s.PlayerCreateSerializer, s.PlayerUpdateSerializer, s.TableCreateSerializer,
          s.JoinSerializer, m.ChallengeCreateSerializer, m.DeclineSerializer, m.BlockCreateSerializer,
          m.SeekCreateSerializer,
          ts.TournamentCreateSerializer, ts.TournamentUpdateSerializer, ts.EntryCreateSerializer,
          ts.LadderCreateSerializer, ts.LadderJoinSerializer]

_text = st.one_of(st.sampled_from(["AS", "10H", "QS", "2C", "bid", "play", "exchange", "look", "resign", "standard",
                                   "", " AS", "AS ", "A\x00", "\ud800", "1", "true", "ASXX"]),
                  st.text(max_size=6))
_scalar = st.one_of(st.none(), st.booleans(), st.integers(-3, 20), st.floats(allow_nan=False, width=16), _text)
_value = st.one_of(_scalar, st.lists(_scalar, max_size=4), st.dictionaries(_text, _scalar, max_size=2))


def _keys(serializer_class: type[serializers.Serializer]) -> list[str]:
    return [*serializer_class._declared_fields, "extra"]  # type: ignore[attr-defined]


@st.composite
def _body(draw: Any, serializer_class: type[serializers.Serializer]) -> dict[str, Any]:
    keys = draw(st.lists(st.sampled_from(_keys(serializer_class)), unique=True))
    return {key: draw(_value) for key in keys}


@pytest.mark.parametrize("serializer_class", BODIES, ids=lambda c: c.__name__)
@settings(max_examples=300, deadline=None)
@given(data=st.data())
def test_a_body_taken_plain_is_the_one_the_serializer_validates(serializer_class: type[serializers.Serializer],
                                                                 data: st.DataObject) -> None:
    body = data.draw(_body(serializer_class))
    plain = plain_validated(serializer_class, body)
    serializer = serializer_class(data=body)
    if plain is not None:
        assert serializer.is_valid(), serializer.errors
        assert plain == dict(serializer.validated_data)


@pytest.mark.parametrize("body", [
    {"type": "bid", "bid": 4, "seq": 12}, {"type": "bid", "bid": 0, "blind": True, "seq": 12},
    {"type": "look", "seq": 12}, {"type": "exchange", "cards": ["2C", "3D"], "seq": 17},
    {"type": "play", "card": "QS", "seq": 20}, {"type": "resign", "seq": 3}])
def test_the_actions_bodies_take_the_plain_path(body: dict[str, Any]) -> None:
    serializer_class = s.ACTION_SERIALIZERS[body["type"]]
    assert _plain_fields(serializer_class) is not None
    assert plain_validated(serializer_class, body) == s.action_validated(body) == dict(
        validated(serializer_class, dict(body)))


def test_a_refused_body_is_refused_by_the_serializer() -> None:
    with pytest.raises(serializers.ValidationError) as refused:
        s.action_validated({"type": "play", "card": "AS", "seq": -1})
    assert "seq" in refused.value.detail
