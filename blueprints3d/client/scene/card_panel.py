"""Panels laid out in the share card's manner: a small gold kicker in spaced capitals, a headline,
muted small print under it, tables whose material columns are headed by their colour's chip and
whose totals stand in gold, thin rules between the parts, and each part under a small heading.

``CardPanel`` places these parts one under another from the top of a panel, in its parent's
units, at a body size the caller chooses; its sizes, spacing and colours are the design
language's (``client/render/style``). The round summary, the final standings and the viewer's
breakdown are drawn with it, so they read as the share card does. A caller fits a panel by
building it again at a smaller body size (``CardPanel.height`` and ``CardPanel.overflow`` say
how far it is off); parts are plain children of the parent, so a right-to-left panel mirrors
them (``client/scene/mirror``) as any other.
"""

from __future__ import annotations

from collections.abc import Sequence

from direct.gui.DirectGui import DirectFrame
from panda3d.core import NodePath, TextNode

from blueprints3d.client.render import materials, style
from blueprints3d.client.scene.script_text import ScriptText, interface_font, script_of
from blueprints3d.engine.materials import Material

RGBA = tuple[float, float, float, float]


def capitals(text: str) -> str:
    """Capitals spread apart for a kicker or a small heading (thin spaces between the letters); a
    word of a script without capitals or whose letters join (Chinese, Persian) stays as it is."""
    if any(script_of(c) in ("persian", "cjk") for c in text):
        return text
    return "\u2009".join(text.upper())


def material_chip(material: Material) -> RGBA:
    """A material's chip: its dice's colour, as the materials define it (opaque)."""
    r, g, b, _a = materials.BASE_COLOUR[material]
    return (r, g, b, 1.0)


def type_steps(body: float) -> dict[str, float]:
    """The text scales of a panel whose body line is ``body`` (its text scale): the steps of
    ``style``'s type sizes, measured from the body's."""
    return {
        name: body * size.share / style.BODY.share
        for name, size in (
            ("kicker", style.KICKER),
            ("small", style.SMALL),
            ("body", style.BODY),
            ("lead", style.LEAD),
            ("title", style.TITLE),
            ("figure", style.FIGURE),
        )
    }


class CardPanel:
    """Parts of a panel one under another, from ``top`` down, between ``left`` and ``left +
    width`` of ``parent``; ``body`` is the body text's scale, from which every size and space
    follows. ``y`` is where the next part starts; ``parts`` names what was placed (for tests and
    for a caller that moves or reads it)."""

    def __init__(
        self, parent: NodePath, left: float, top: float, width: float, body: float
    ) -> None:
        self.parent = parent
        self.left, self.width, self.body = left, width, body
        self.size = type_steps(body)
        self.y = top
        self.top = top
        self.parts: dict[str, NodePath] = {}
        self.nodes: list[NodePath] = []
        self.overflow = 1.0  # how many times wider than the panel its widest part wanted to be

    # -- measures ----------------------------------------------------------------------------
    @property
    def height(self) -> float:
        return self.top - self.y

    def line(self, size: str = "body") -> float:
        """A line of ``size`` from baseline to baseline, in the parent's units."""
        return self._probe().get_line_height() * self.size[size]

    def _probe(self) -> TextNode:
        probe = TextNode("measure")
        probe.set_font(interface_font())
        return probe

    def gap(self, lines: float = style.GAP) -> None:
        self.y -= lines * self.line()

    # -- parts -------------------------------------------------------------------------------
    def text(
        self,
        name: str,
        text: str,
        size: str = "body",
        fg: RGBA = style.INK,
        wrap: bool = True,
        x: float = 0.0,
    ) -> ScriptText:
        """Words at ``size`` from the left edge (``x`` further in), broken to the panel's width."""
        scale = self.size[size]
        node = ScriptText(
            parent=self.parent, text="", fg=fg, align=TextNode.A_left, scale=scale, mayChange=True
        )
        if wrap:
            node.setWordwrap(max(self.width - x, 1e-3) / scale)
        node.setText(text)
        tn = node.textNode
        # An empty text has no extent (Panda3D gives NaN for it): it takes no room.
        shown = bool(text.strip())
        node.setPos(self.left + x, self.y - (tn.get_top() * scale if shown else 0.0))
        if shown and not wrap:
            self.overflow = max(self.overflow, (x + tn.get_width() * scale) / self.width)
        # A little leading after it: letters reach past a line's nominal top and bottom.
        self.y -= ((tn.get_top() - tn.get_bottom()) * scale + 0.12 * self.line()) if shown else 0.0
        self.parts[name] = node
        self.nodes.append(node)
        return node

    def kicker(self, text: str, name: str = "kicker", fg: RGBA = style.GOLD) -> ScriptText:
        """The small spaced capitals over a headline ("BLUEPRINTS") or a part ("PRIZES")."""
        # Spaced capitals read at the kicker's size; Persian and Chinese have no capitals to set
        # them apart, so their headings stand at the small print's size instead.
        plain = any(script_of(c) in ("persian", "cjk") for c in text)
        node = self.text(name, capitals(text), "small" if plain else "kicker", fg, wrap=False)
        self.y -= 0.35 * self.line()
        return node

    def headline(self, text: str, name: str = "headline", size: str = "title") -> ScriptText:
        node = self.text(name, text, size, style.INK)
        self.y -= 0.2 * self.line()
        return node

    def rule(self, name: str = "rule") -> DirectFrame:
        """A thin line across the panel, in the middle of a gap."""
        self.gap()
        thick = max(self.line() * 0.06, 1e-4)
        rule = DirectFrame(
            parent=self.parent,
            frameColor=style.RULE,
            frameSize=(0.0, self.width, -thick, 0.0),
            pos=(self.left, 0, self.y),
        )
        self.gap()
        self.parts[name] = rule
        self.nodes.append(rule)
        return rule

    def lines(
        self, name: str, lines: Sequence[str], size: str = "body", fg: RGBA = style.INK
    ) -> ScriptText | None:
        """Lines of words, each broken to the panel's width (a line's own leading spaces are the
        plain text's indent; here the part's heading does that work)."""
        text = "\n".join(line.strip() for line in lines)
        return self.text(name, text, size, fg) if text else None

    def section(
        self, name: str, heading: str, lines: Sequence[str], fg: RGBA = style.INK
    ) -> ScriptText | None:
        """A part: its heading in muted spaced capitals, its lines under it."""
        self.kicker(heading.rstrip(":：").strip(), name=f"{name} heading", fg=style.MUTED)
        return self.lines(name, lines, fg=fg)

    def table(
        self,
        cells: Sequence[Sequence[str]],
        numeric: Sequence[bool],
        chips: dict[int, RGBA] | None = None,
        gold: Sequence[int] = (),
        name: str = "table",
    ) -> list[ScriptText]:
        """A table: its first row the column heads (muted small print, a chip before a head of
        ``chips``: a material's colour), then a column a text, names aligned to the start and
        numbers (``numeric``) to the end; the columns of ``gold`` (totals) in gold. Columns
        share out what room the panel has beyond their widths."""
        chips = chips or {}
        head, body = cells[0], cells[1:]
        ncol = len(head)
        s_head, s_body = self.size["small"], self.size["body"]
        heads = [self._words(h, style.MUTED, s_head, right=numeric[j]) for j, h in enumerate(head)]
        cols = [
            self._words(
                "\n".join(row[j] for row in body),
                style.GOLD if j in gold else style.INK,
                s_body,
                right=numeric[j],
            )
            for j in range(ncol)
        ]
        chip = style.CHIP * self.line("small")
        chip_room = [chip * 1.35 if j in chips else 0.0 for j in range(ncol)]
        widths = [
            max(
                (heads[j].textNode.get_width() * s_head if head[j].strip() else 0.0) + chip_room[j],
                cols[j].textNode.get_width() * s_body,
            )
            for j in range(ncol)
        ]
        gap = style.COLUMN_GAP * self.line() * 0.5
        natural = sum(widths) + gap * (ncol - 1)
        self.overflow = max(self.overflow, natural / self.width)
        spare = max(0.0, self.width - natural) / max(1, ncol - 1)
        # The heads' row, then the body under it; each column from its left edge.
        lefts = [self.left + sum(widths[:j]) + j * (gap + spare) for j in range(ncol)]
        named = [h for h, t in zip(heads, head, strict=True) if t.strip()] or heads[:1]
        head_top = max(h.textNode.get_top() for h in named) * s_head
        head_bottom = min(h.textNode.get_bottom() for h in named) * s_head
        base = self.y - head_top
        for j, x in enumerate(lefts):
            h = heads[j]
            hw = h.textNode.get_width() * s_head if head[j].strip() else 0.0
            right = x + widths[j]
            h.setPos(right if numeric[j] else x + chip_room[j], base)
            if j in chips:
                chip_x = right - hw - chip_room[j] if numeric[j] else x
                self.parts[f"{name} chip {j}"] = self._chip(
                    chips[j], chip_x, base - 0.12 * chip, chip
                )
        self.y = base + head_bottom - 0.25 * self.line()
        top = max(c.textNode.get_top() for c in cols) * s_body
        bottom = min(c.textNode.get_bottom() for c in cols) * s_body
        for j, x in enumerate(lefts):
            cols[j].setPos(x + widths[j] if numeric[j] else x, self.y - top)
        self.y -= top - bottom
        for j, (h, c) in enumerate(zip(heads, cols, strict=True)):
            self.parts[f"{name} head {j}"] = h
            self.parts[f"{name} column {j}"] = c
        self.nodes += heads + cols
        return cols

    def figure(
        self, number: str, label: str, rows: Sequence[tuple[RGBA, str, str]], name: str = "figure"
    ) -> None:
        """A total, big and gold, with its label under it in small print, and beside it what
        makes it up: a row a part, its chip, its word and its points (as the share card's)."""
        big, small, body = self.size["figure"], self.size["small"], self.size["body"]
        total = self._words(number, style.GOLD, big)
        note = self._words(label, style.MUTED, small)
        row_h = self.line() * 1.3
        table_h = row_h * len(rows)
        cap = total.textNode.get_top() * big
        # The label under the figure's baseline, a little apart from it (its letters' tops).
        under = 0.3 * self.line() + note.textNode.get_top() * small
        block = cap + under - note.textNode.get_bottom() * small
        top = self.y - max(0.0, (table_h - block) / 2)
        total.setPos(self.left, top - cap)
        # Under the figure's lowest ink: old-style figures (a 4, a 9) reach below the baseline.
        drawn = total.get_tight_bounds(self.parent)
        low = min(top - cap, drawn[0].z) if drawn is not None else top - cap
        note.setPos(self.left, low - under)
        left_w = max(total.textNode.get_width() * big, note.textNode.get_width() * small)
        x0 = self.left + left_w + 1.5 * self.line()
        chip = style.CHIP * self.line() * 1.2
        widest = 0.0
        for k, (colour, word, points) in enumerate(rows):
            mid = self.y - k * row_h - row_h / 2
            mark = self._chip(colour, x0, mid - chip / 2, chip)
            w = self._words(word, style.INK, body)
            p = self._words(
                points, style.INK if points.strip("0۰") else style.MUTED, body, right=True
            )
            base = mid - 0.35 * w.textNode.get_top() * body
            w.setPos(x0 + chip * 1.6, base)
            p.setPos(self.left + self.width, base)
            widest = max(
                widest,
                chip * 1.6 + (w.textNode.get_width() + p.textNode.get_width()) * body + self.line(),
            )
            self.parts[f"{name} chip {k}"] = mark
            self.parts[f"{name} word {k}"] = w
            self.parts[f"{name} points {k}"] = p
            self.nodes += [w, p]
        self.overflow = max(self.overflow, (x0 - self.left + widest) / self.width)
        self.parts[name] = total
        self.parts[f"{name} label"] = note
        self.nodes += [total, note]
        self.y -= max(table_h, block + 0.3 * self.line())

    def _words(self, text: str, fg: RGBA, scale: float, right: bool = False) -> ScriptText:
        """A text of the panel at ``scale``, aligned to its start (``right``: to its end), placed
        by its caller."""
        return ScriptText(
            parent=self.parent,
            text=text,
            fg=fg,
            scale=scale,
            mayChange=True,
            align=TextNode.A_right if right else TextNode.A_left,
        )

    def _chip(self, colour: RGBA, x: float, y: float, size: float) -> DirectFrame:
        """A material's chip, its lower left corner at (``x``, ``y``), in a thin light rim."""
        rim = size * 0.09
        mark = DirectFrame(
            parent=self.parent,
            frameColor=style.CHIP_RIM,
            frameSize=(-rim, size + rim, -rim, size + rim),
            pos=(x, 0, y),
        )
        DirectFrame(parent=mark, frameColor=colour, frameSize=(0.0, size, 0.0, size))
        self.nodes.append(mark)
        return mark

    def pair(self, name: str, label: str, value: str, note: str = "") -> None:
        """A label with its value at the panel's far edge (the blueprint bonus), and a note in
        small print under the label."""
        body = self.size["body"]
        v = self._words(value, style.INK if value.strip("0۰") else style.MUTED, body, right=True)
        top = self.y
        label_node = self.text(name, label, wrap=False)
        v.setPos(self.left + self.width, top - label_node.textNode.get_top() * body)
        wide = (label_node.textNode.get_width() + v.textNode.get_width()) * body + self.line()
        self.overflow = max(self.overflow, wide / self.width)
        self.parts[f"{name} value"] = v
        self.nodes.append(v)
        if note:
            self.text(f"{name} note", note, "small", style.MUTED)

    def destroy(self) -> None:
        for node in self.nodes:
            if isinstance(node, DirectFrame):
                node.destroy()
            else:
                node.removeNode()
        self.nodes, self.parts = [], {}
