"""Pictures of a tournament as self-contained SVG: the bracket of an elimination event, the crosstable of a
two-player round robin, and a round-by-round grid for the other formats.

The SVG is built with :mod:`xml.etree.ElementTree`, which escapes every name and label; characters XML
cannot carry (control characters) are dropped first. No fonts, images or styles are fetched from
anywhere: it renders the same offline. Every word of the picture is made from :mod:`.labels`' templates and
written with the ``translate`` the caller passes (English by default), so the picture follows the reader's
language; entries' names are printed as they are.
"""

from __future__ import annotations

import re
import unicodedata
import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping, Sequence

from . import duplicate, elimination, labels
from .base import ELIMINATION, Result, Standing, pairwise
from .labels import Translate, english, label
from .round_robin import standings as rr_standings
from .swiss import standings as swiss_standings

Namer = Callable[[int], str]
"""Entry id -> the name to print (already cleaned and shortened)."""

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
SIZE = 12
CHAR = 7.2
"""Rough advance width of one character at 12px, to size boxes without measuring text."""
PAD = 16
NAME_CHARS = 26

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\x7f\ufffe\uffff]")


def clean(text: str, limit: int = 0) -> str:
    """``text`` without characters XML 1.0 cannot hold, cut to ``limit`` characters with an ellipsis."""
    text = _NOT_XML.sub("", str(text))
    if limit and len(text) > limit:
        text = text[: limit - 1] + "…"
    return text


def _advance(text: str) -> int:
    """Character widths of ``text`` at CHAR each: a wide (CJK) character takes two, so Japanese fits its box."""
    return sum(2 if unicodedata.east_asian_width(ch) in "WF" else 1 for ch in text)


def _fmt(value: float) -> str:
    """A score as people write it: 3, 2½, ½, 1.25."""
    sign, value = ("-" if value < 0 else ""), abs(value)
    if value == int(value):
        return f"{sign}{int(value)}"
    if value * 2 == int(value * 2):
        return f"{sign}{int(value) or ''}½"
    return f"{sign}{value:.2f}".rstrip("0")


class _Canvas:
    """A growing SVG document: text, boxes and lines, sized at the end to what was drawn."""

    def __init__(self, translate: Translate = english) -> None:
        self.translate = translate
        self.items: list[ET.Element] = []
        self.width = 0.0
        self.height = 0.0

    def _grow(self, x: float, y: float) -> None:
        self.width, self.height = max(self.width, x), max(self.height, y)

    def text(self, x: float, y: float, text: str, *, bold: bool = False, italic: bool = False,
             grey: bool = False, anchor: str = "start", size: int = SIZE) -> None:
        el = ET.Element("text", {"x": f"{x:.1f}", "y": f"{y:.1f}", "font-size": str(size)})
        if bold:
            el.set("font-weight", "bold")
        if italic:
            el.set("font-style", "italic")
        if grey:
            el.set("fill", "#777")
        if anchor != "start":
            el.set("text-anchor", anchor)
        el.text = clean(text)
        self.items.append(el)
        width = _advance(el.text) * CHAR * size / SIZE
        self._grow(x + (width if anchor == "start" else width / 2), y + 4)

    def rect(self, x: float, y: float, w: float, h: float, *, fill: str = "#fff") -> None:
        self.items.append(ET.Element("rect", {
            "x": f"{x:.1f}", "y": f"{y:.1f}", "width": f"{w:.1f}", "height": f"{h:.1f}",
            "fill": fill, "stroke": "#999",
        }))
        self._grow(x + w, y + h)

    def line(self, points: Sequence[tuple[float, float]]) -> None:
        self.items.append(ET.Element("polyline", {
            "points": " ".join(f"{x:.1f},{y:.1f}" for x, y in points), "fill": "none", "stroke": "#999",
        }))

    def render(self, title: str) -> str:
        w, h = self.width + PAD, self.height + PAD
        root = ET.Element("svg", {
            "xmlns": "http://www.w3.org/2000/svg", "version": "1.1",
            "width": f"{w:.0f}", "height": f"{h:.0f}", "viewBox": f"0 0 {w:.0f} {h:.0f}",
            "font-family": FONT, "font-size": str(SIZE),
        })
        ET.SubElement(root, "title").text = clean(title) or self.translate(labels.TOURNAMENT)
        ET.SubElement(root, "rect", {"x": "0", "y": "0", "width": f"{w:.0f}", "height": f"{h:.0f}", "fill": "#fff"})
        root.extend(self.items)
        return ET.tostring(root, encoding="unicode", xml_declaration=False)


def bracket_svg(
    fmt: str,
    entries: Sequence[int],
    done: Sequence[Sequence[Result]],
    names: Mapping[int, str],
    *,
    title: str = "",
    table_size: int = 2,
    translate: Translate = english,
) -> str:
    """The picture for ``fmt`` (see the module docstring), its words in the language of ``translate``."""
    canvas = _Canvas(translate)
    top = PAD
    if title:
        canvas.text(PAD, PAD + 14, title, bold=True, size=16)
        top += 30

    def name(e: int) -> str:
        return clean(names.get(e, f"#{e}"), NAME_CHARS)

    if fmt in ELIMINATION:
        _bracket(canvas, entries, done, name, fmt == "double_elimination", top)
    elif fmt == "round_robin" and table_size == 2:
        _crosstable(canvas, entries, done, name, top)
    else:
        _grid(canvas, fmt, entries, done, name, top, table_size)
    return canvas.render(title)


def notice_svg(lines: Sequence[str], *, title: str = "", translate: Translate = english) -> str:
    """A picture of a few lines of text (the caller's, already in the reader's language), for an event with
    nothing to draw yet (registration open)."""
    canvas = _Canvas(translate)
    y = PAD + 14
    if title:
        canvas.text(PAD, y, title, bold=True, size=16)
        y += 30
    for line in lines:
        canvas.text(PAD, y, line, grey=True)
        y += LINE_H
    return canvas.render(title)


# Brackets ----------------------------------------------------------------------------------------------

BOX_W = NAME_CHARS * CHAR + 48
LINE_H = 18
BOX_H = 2 * LINE_H
GAP_X = 36
GAP_Y = 14


def _bracket(canvas: _Canvas, entries: Sequence[int], done: Sequence[Sequence[Result]], name: Namer,
             double: bool, top: float) -> None:
    """Winners bracket in columns (the grand final and reset to its right), the losers bracket below."""
    cells = elimination.replay(entries, done, double)
    by_key = {c.slot.key: c for c in cells}
    columns: dict[str, dict[int, list[elimination.Cell]]] = {}
    for cell in cells:
        bracket, r, _ = cell.slot.key
        columns.setdefault(bracket, {}).setdefault(r, []).append(cell)
    places: dict[elimination.SlotKey, tuple[float, float]] = {}
    tr = canvas.translate

    def section(bracket: str, heading: str, y0: float, x0: float = PAD) -> float:
        rounds = columns.get(bracket, {})
        if not rounds:
            return y0
        if heading:
            canvas.text(x0, y0 + 12, heading, bold=True)
            y0 += 22
        tallest = max(len(col) for col in rounds.values())
        span = tallest * (BOX_H + GAP_Y)
        for col, r in enumerate(sorted(rounds)):
            cells_r = sorted(rounds[r], key=lambda c: c.slot.key[2])
            x = x0 + col * (BOX_W + GAP_X)
            canvas.text(x, y0 + 12, _column_title(cells_r[0], len(columns[elimination.WINNERS])).text(tr), grey=True)
            step = span / len(cells_r)
            for i, cell in enumerate(cells_r):
                y = y0 + 20 + step * i + (step - BOX_H - GAP_Y) / 2
                _box(canvas, cell, x, y, name, by_key)
                places[cell.slot.key] = (x, y)
        return y0 + 20 + span

    bottom = section(elimination.WINNERS, tr(labels.WINNERS_BRACKET) if double else "", top)
    if double:
        wb_rounds = len(columns[elimination.WINNERS])
        final_x = PAD + wb_rounds * (BOX_W + GAP_X)
        for j, key in enumerate(((elimination.FINAL, 1, 0), (elimination.RESET, 1, 0))):
            cell = by_key[key]
            x = final_x + j * (BOX_W + GAP_X)
            canvas.text(x, top + 34, cell.slot.label.text(tr), grey=True)
            _box(canvas, cell, x, top + 40, name, by_key)
            places[key] = (x, top + 40)
        section(elimination.LOSERS, tr(labels.LOSERS_BRACKET), bottom + 10)
    # connectors from each slot fed by winners to the slots that feed it
    for cell in cells:
        if cell.slot.key not in places:
            continue
        x, y = places[cell.slot.key]
        for side, feed in enumerate(cell.slot.feeds):
            if feed[0] != "winner" or feed[1] not in places or feed[1][0] != cell.slot.key[0]:
                continue
            fx, fy = places[feed[1]]
            mid = x - GAP_X / 2
            target = y + LINE_H * side + LINE_H / 2
            canvas.line([(fx + BOX_W, fy + BOX_H / 2), (mid, fy + BOX_H / 2), (mid, target), (x, target)])


def _column_title(cell: elimination.Cell, k: int) -> labels.Label:
    bracket, r, _ = cell.slot.key
    if bracket == elimination.LOSERS:
        return label(labels.LOSERS_ROUND, round=r)
    if not cell.slot.bracket:
        return elimination.round_name(r, k)
    return label(labels.WINNERS_ROUND, round=r)


def _box(canvas: _Canvas, cell: elimination.Cell, x: float, y: float, name: Namer,
         by_key: Mapping[elimination.SlotKey, elimination.Cell]) -> None:
    """One match: two lines, name and score, the winner in bold; a bye, an empty seat or where the entry
    will come from while it is not known yet."""
    canvas.rect(x, y, BOX_W, BOX_H)
    scores = cell.result.scores if cell.result is not None else ()
    order = list(cell.result.match.entries) if cell.result is not None else []
    for side in range(2):
        entry = cell.entries[side]
        ty = y + LINE_H * side + 13
        if entry is not None:
            canvas.text(x + 6, ty, name(entry), bold=entry == cell.winner and len(cell.present) == 2)
            if scores and entry in order:
                canvas.text(x + BOX_W - 6, ty, _fmt(scores[order.index(entry)]), anchor="end",
                            bold=entry == cell.winner)
        elif cell.known:
            canvas.text(x + 6, ty, canvas.translate(labels.EMPTY_SIDE) if cell.present else "—", italic=True,
                        grey=True)
        else:
            canvas.text(x + 6, ty, _source(cell.slot.feeds[side], by_key, canvas.translate), italic=True, grey=True)


def _source(feed: elimination.Feed, by_key: Mapping[elimination.SlotKey, elimination.Cell],
            translate: Translate) -> str:
    if feed[0] == "winner" or feed[0] == "loser":
        template = labels.WINNER_OF if feed[0] == "winner" else labels.LOSER_OF
        return label(template, match=by_key[feed[1]].slot.label).text(translate)
    if feed[0] == "reset":
        return translate(labels.IF_SPLIT)
    return "—"


# Crosstable and grids ------------------------------------------------------------------------------------


def _table(canvas: _Canvas, header: Sequence[str], rows: Sequence[Sequence[tuple[str, bool]]], top: float,
           widths: Sequence[float]) -> None:
    """A header line and striped rows of (text, bold) cells in columns of ``widths``."""
    x: float = PAD
    lefts: list[float] = []
    for w in widths:
        lefts.append(x)
        x += w
    for col, text in enumerate(header):
        canvas.text(lefts[col] + 4, top + 13, text, bold=True)
    for i, row in enumerate(rows):
        y = top + LINE_H * (i + 1)
        canvas.rect(PAD, y, x - PAD, LINE_H, fill="#f4f4f4" if i % 2 else "#fff")
        for col, (text, bold) in enumerate(row):
            canvas.text(lefts[col] + 4, y + 13, text, bold=bold)


def _crosstable(canvas: _Canvas, entries: Sequence[int], done: Sequence[Sequence[Result]], name: Namer,
                top: float) -> None:
    """Two-player round robin: entry against entry, 1 / ½ / 0 in each cell, then points and SB."""
    table = rr_standings(entries, done, 2)
    score: dict[tuple[int, int], float] = {}
    for results in done:
        for result in results:
            if not result.match.is_bye:
                score.update(pairwise(result))
    tr = canvas.translate
    header = ["#", tr(labels.ENTRY), *[str(i + 1) for i in range(len(table))], tr(labels.POINTS), "SB"]
    rows = []
    for s in table:
        cells = []
        for other in table:
            if other.entry == s.entry:
                cells.append(("×", False))
            else:
                got = score.get((s.entry, other.entry))
                cells.append(("" if got is None else _fmt(got), False))
        rows.append([(str(s.rank), False), (name(s.entry), False), *cells,
                     (_fmt(s.points), True), (_fmt(s.tiebreaks["sonneborn_berger"]), False)])
    widths = [30, BOX_W - 40, *[28] * len(table), 40, 48]
    _table(canvas, header, rows, top, widths)


def _grid(canvas: _Canvas, fmt: str, entries: Sequence[int], done: Sequence[Sequence[Result]], name: Namer,
          top: float, table_size: int) -> None:
    """One row per entry in standings order, one column per round: result and opponents' ranks
    (+5 won against #5, =5 drew, −5 lost; at tables of three the points and both table-mates; in
    duplicate the percentage, direction and opponent), then points and tie-breaks."""
    table: list[Standing]
    if fmt == "duplicate":
        table = duplicate.standings(entries, done)
    elif fmt == "swiss":
        table = swiss_standings(entries, done, table_size)
    else:
        table = rr_standings(entries, done, table_size)
    position = {s.entry: i + 1 for i, s in enumerate(table)}
    tr = canvas.translate
    cell: dict[tuple[int, int], str] = {}
    for r, results in enumerate(done, start=1):
        percent = {}
        if fmt == "duplicate":
            scores = duplicate.board_scores(results)
            earned, most = duplicate.matchpoints(scores), duplicate.top_matchpoints(scores)
            percent = {e: 100 * earned[e] / most[e] for e in earned if most.get(e)}
        for result in results:
            match = result.match
            if match.is_bye:
                cell[match.entries[0], r] = tr(labels.EMPTY_SIDE)
                continue
            shares = pairwise(result)
            for side, e in enumerate(match.entries):
                others = [o for o in match.entries if o != e]
                rivals = ",".join(str(position[o]) for o in others)
                if fmt == "duplicate":
                    direction = tr(labels.NORTH_SOUTH if side == 0 else labels.EAST_WEST)
                    got = f"{percent[e]:.0f}%" if e in percent else "–"
                    cell[e, r] = f"{got} {direction} v{rivals}"
                elif len(match.entries) == 2:
                    mark = {1.0: "+", 0.5: "=", 0.0: "−"}[shares[e, others[0]]]
                    cell[e, r] = f"{mark}{rivals}"
                else:
                    points = sum(shares[e, o] for o in others) / len(others)
                    cell[e, r] = f"{_fmt(points)} v{rivals}"
    tiebreak_names = list(table[0].tiebreaks) if table else []
    short = {"buchholz": "Buch", "sonneborn_berger": "SB", "score_diff": tr(labels.SCORE_DIFF), "percentage": "%"}
    header = ["#", tr(labels.ENTRY), *[label(labels.ROUND_COLUMN, round=r).text(tr) for r in range(1, len(done) + 1)],
              tr(labels.POINTS),
              *[short.get(t, t) for t in tiebreak_names]]
    rows = []
    for s in table:
        rounds = [(cell.get((s.entry, r), ""), False) for r in range(1, len(done) + 1)]
        rows.append([(str(s.rank), False), (name(s.entry), False), *rounds, (_fmt(s.points), True),
                     *[(_fmt(round(s.tiebreaks[t], 2)), False) for t in tiebreak_names]])
    col = 96 if fmt == "duplicate" else 64
    widths = [30, BOX_W - 40, *[col] * len(done), 48, *[56] * len(tiebreak_names)]
    _table(canvas, header, rows, top, widths)
