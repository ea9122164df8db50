"""Pictures drawn from the figures, as plain data for inline SVG: the house edge against the
number of packs. No script draws them; every number is also printed beside its point.
"""

from __future__ import annotations

from typing import Any

WIDTH, HEIGHT = 360, 190
LEFT, RIGHT, TOP, BOTTOM = 46, 14, 12, 34


def _scale(low: float, high: float, size: float, start: float, flip: bool = False
           ) -> Any:
    span = (high - low) or 1.0

    def at(value: float) -> float:
        share = (value - low) / span
        return start + size * ((1 - share) if flip else share)
    return at


def pack_chart(curve: dict[str, Any]) -> dict[str, Any]:
    """The curve (`packcurve.pack_curve`) as an SVG line chart: points, the zero line, ticks."""
    points = [(p["decks"], p["house_edge_percent"]) for p in curve["points"]]
    values = [v for _d, v in points] + [0.0]
    low, high = min(values), max(values)
    pad = (high - low) * 0.1 or 0.1
    low, high = low - pad, high + pad
    decks = [d for d, _v in points]
    x = _scale(min(decks), max(decks), WIDTH - LEFT - RIGHT, LEFT)
    y = _scale(low, high, HEIGHT - TOP - BOTTOM, TOP, flip=True)
    drawn = [{"x": round(x(d), 1), "y": round(y(v), 1), "decks": d, "text": f"{v:+.2f}"}
             for d, v in points]
    return {"width": WIDTH, "height": HEIGHT, "points": drawn,
            "line": " ".join(f"{p['x']},{p['y']}" for p in drawn),
            "zero": round(y(0.0), 1), "left": LEFT, "right": WIDTH - RIGHT,
            "bottom": HEIGHT - BOTTOM,
            "y_ticks": [{"y": round(y(v), 1), "text": f"{v:+.1f}%"}
                        for v in (low + pad, high - pad)],
            "infinite": curve["infinite_house_edge_percent"], "own": curve["own_decks"]}
