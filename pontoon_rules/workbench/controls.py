"""Controls for ruleset fields, generated from the JSON Schema of the pydantic models.

Nothing here names a field: every leaf of the schema (a property that is not itself
a model) gets a control from its type, its bounds, its choices and its description,
so a field added to the models appears in the workbench with no new page code.

    boolean                        -> a yes / no menu
    enum (or a $ref to one)        -> a menu of its members
    integer / number               -> a number input with the schema's bounds
    string (a pattern, examples)   -> a text input ("3:2" odds: the examples as suggestions)
    anyOf [X, null, const ...]     -> X's control plus a menu of the special values
    array of an enum               -> an ordered list of menus (add, remove, move up)
    array of fixed scalar items    -> one control per item (the two values of an ace)
    anything else                  -> a YAML text box (lists of exceptions, definitions)

`parse` turns what the browser sends back into a plain value for the overlay file;
what it cannot read is passed on as written, so the loader's own message says why.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

import yaml

from pontoon_rules.ruleset.format.model import SECTIONS, Ruleset
from pontoon_rules.workbench.render import in_words

Schema = dict[str, Any]

SWITCH, MENU, INTEGER, NUMBER, TEXT, LIST, ITEMS, DATA = (
    "switch", "menu", "integer", "number", "text", "list", "items", "data")
KINDS = (SWITCH, MENU, INTEGER, NUMBER, TEXT, LIST, ITEMS, DATA)
MAX_DATA_CHARS = 20_000
"""The longest YAML text one structured field may be given (the file limit is the loader's)."""
MAX_ITEMS = 64
"""The most items a list control sends (every list of the schema is far shorter)."""
MAX_DATA_DEPTH = 16
"""How deeply one structured field's YAML may nest (the schema's go a few levels)."""

_NULL_PHRASE = re.compile(r"[;,]?\s*(?:or\s+)?null\s+(?:for|to|means)\s+([^;.]+)[;.]?", re.I)


@dataclass(frozen=True)
class Choice:
    """One member of a menu: the plain value the file holds, and its words."""

    value: Any
    label: str


@dataclass(frozen=True)
class Control:
    """How one field is edited: its kind, bounds, choices and words (all from the schema)."""

    path: str
    kind: str
    description: str
    choices: tuple[Choice, ...] = ()
    minimum: float | None = None
    maximum: float | None = None
    exclusive_minimum: bool = False
    pattern: str | None = None
    examples: tuple[str, ...] = ()
    specials: tuple[Choice, ...] = ()
    """Values beside the typed one (null as "no limit", a constant such as 'infinite')."""
    items: tuple[Control, ...] = field(default=())
    """The controls of a fixed-length list's items (kind `items`)."""

    @property
    def label(self) -> str:
        """The description without the "null for ..." jargon (the special menu says it)."""
        return plain_words(self.description) or self.path

    def special_index(self, value: Any) -> int | None:
        """The index of `value` among `specials`, or None when it is a typed value."""
        for i, special in enumerate(self.specials):
            if special.value == value and type(special.value) is type(value):
                return i
        return None


def plain_words(description: str) -> str:
    """A field's description without the "null for ..." phrase a schema needs and a card
    player does not."""
    return _NULL_PHRASE.sub("", description).strip()


def resolve(node: Schema, schema: Schema) -> Schema:
    """`node` with its `$ref` (and a lone `allOf` wrapper) followed, keeping its own keys."""
    seen = 0
    while seen < 32:
        seen += 1
        if "$ref" in node:
            target = schema.get("$defs", {}).get(node["$ref"].rsplit("/", 1)[-1], {})
            node = {**target, **{k: v for k, v in node.items() if k != "$ref"}}
        elif "allOf" in node and len(node["allOf"]) == 1:
            node = {**node["allOf"][0], **{k: v for k, v in node.items() if k != "allOf"}}
        else:
            break
    return node


def leaf_nodes(schema: Schema, sections: tuple[str, ...] = SECTIONS) -> dict[str, Schema]:
    """Every behavioural leaf of `schema` by dotted path, in schema order: a property
    that is not itself an object with properties (a model) is a leaf."""
    out: dict[str, Schema] = {}

    def walk(node: Schema, path: str) -> None:
        node = resolve(node, schema)
        properties = node.get("properties")
        if node.get("type") == "object" and isinstance(properties, dict) and path:
            for name, child in properties.items():
                walk(child, f"{path}.{name}")
        elif path:
            out[path] = node

    root = schema.get("properties", {})
    for section in sections:
        if section in root:
            walk(root[section], section)
    return out


def control_for(path: str, node: Schema, schema: Schema, words: Any = None) -> Control:
    """The control of the field at `path` whose resolved schema is `node`.

    Args:
        words: `(path, value) -> str`, the words for a value (default: the value itself).
    """
    say = words or (lambda _path, value: _plain_words(value))
    description = str(node.get("description") or node.get("title") or path)
    variants = [resolve(v, schema) for v in node.get("anyOf", [])]
    if variants:
        typed = [v for v in variants if not _is_special(v)]
        specials = tuple(_special(path, v, say, description)
                         for v in variants if _is_special(v))
        if len(typed) == 1:
            inner = control_for(path, {**typed[0], "description": description}, schema, words)
            if inner.kind != DATA:
                return replace(inner, specials=specials)
        return Control(path, DATA, description)
    return _single(path, node, schema, description, say)


def _single(path: str, node: Schema, schema: Schema, description: str, say: Any) -> Control:
    kind = node.get("type")
    if "enum" in node:
        return Control(path, MENU, description,
                       tuple(Choice(v, say(path, v)) for v in node["enum"]))
    if kind == "boolean":
        return Control(path, SWITCH, description,
                       (Choice(True, say(path, True)), Choice(False, say(path, False))))
    if kind in ("integer", "number"):
        low = node.get("minimum", node.get("exclusiveMinimum"))
        return Control(path, INTEGER if kind == "integer" else NUMBER, description,
                       minimum=low, maximum=node.get("maximum", node.get("exclusiveMaximum")),
                       exclusive_minimum="exclusiveMinimum" in node)
    if kind == "string":
        return Control(path, TEXT, description, pattern=node.get("pattern"),
                       examples=tuple(str(e) for e in node.get("examples", ())))
    if kind == "array":
        return _array(path, node, schema, description, say)
    return Control(path, DATA, description)


def _array(path: str, node: Schema, schema: Schema, description: str, say: Any) -> Control:
    fixed = node.get("prefixItems")
    if fixed and node.get("minItems") == node.get("maxItems") == len(fixed):
        items = tuple(control_for(f"{path}[{i}]", {**resolve(item, schema),
                                                   "description": f"{i + 1}"}, schema)
                      for i, item in enumerate(fixed))
        if all(item.kind in (INTEGER, NUMBER, TEXT, MENU) for item in items):
            return Control(path, ITEMS, description, items=items)
        return Control(path, DATA, description)
    item = resolve(node.get("items", {}), schema)
    if "enum" in item:
        return Control(path, LIST, description,
                       tuple(Choice(v, say(path, v)) for v in item["enum"]),
                       minimum=node.get("minItems"), maximum=node.get("maxItems"))
    return Control(path, DATA, description)


def _is_special(node: Schema) -> bool:
    return node.get("type") == "null" or "const" in node


def _special(path: str, node: Schema, say: Any, description: str) -> Choice:
    if node.get("type") == "null":
        phrase = _NULL_PHRASE.search(description)
        return Choice(None, phrase.group(1).strip() if phrase else say(path, None))
    return Choice(node["const"], say(path, node["const"]))


def _plain_words(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return str(value).replace("-", " ")


@cache
def ruleset_schema() -> Schema:
    """The JSON Schema of the `Ruleset` model (what the controls are generated from)."""
    return Ruleset.model_json_schema()


def controls(schema: Schema | None = None, words: Any = None) -> dict[str, Control]:
    """A control for every behavioural leaf of `schema` (default: the Ruleset's), by path
    (the Ruleset's without words made once: each request reads it)."""
    if schema is None and words is None:
        return dict(_ruleset_controls())
    schema = schema or ruleset_schema()
    return {path: control_for(path, node, schema, words)
            for path, node in leaf_nodes(schema).items()}


@cache
def _ruleset_controls() -> dict[str, Control]:
    schema = ruleset_schema()
    return {path: control_for(path, node, schema, None)
            for path, node in leaf_nodes(schema).items()}


# -- what the browser sends back --------------------------------------------------------


def parse(control: Control, sent: Any, language: str = "en") -> tuple[Any, str | None]:
    """The plain value `sent` means for `control`, and a problem (in `language`) when it
    cannot be read.

    `sent` is `{"v": text or [texts], "s": index of a special value or ""}`. Text that
    is not what the field wants is returned as written (a number field's "abc"), for the
    loader to reject in its own words; only YAML that cannot be read is a problem here.
    """
    if not isinstance(sent, dict):
        return None, in_words(language, "expected a value from the page's control")
    special = sent.get("s")
    if isinstance(special, str) and special.isdigit() and int(special) < len(control.specials):
        return control.specials[int(special)].value, None
    raw = sent.get("v")
    if control.kind == LIST:
        values = raw if isinstance(raw, list) else []
        if len(values) > MAX_ITEMS:
            return None, in_words(language, "too many items: at most %(most)s", most=MAX_ITEMS)
        return [_menu_value(control, v) for v in values if isinstance(v, str)], None
    if control.kind == ITEMS:
        values = raw if isinstance(raw, list) else []
        parsed = [parse(item, {"v": v})[0] for item, v in zip(control.items, values, strict=False)]
        return parsed, None
    if not isinstance(raw, str):
        return None, in_words(language, "expected text from the page's control")
    return _scalar(control, raw, language)


def _scalar(control: Control, raw: str, language: str) -> tuple[Any, str | None]:
    if control.kind in (MENU, SWITCH):
        return _menu_value(control, raw), None
    if control.kind == INTEGER:
        text = raw.strip()
        return (int(text) if re.fullmatch(r"[+-]?\d{1,9}", text) else text), None
    if control.kind == NUMBER:
        try:
            return float(raw.strip()), None
        except ValueError:
            return raw.strip(), None
    if control.kind == DATA:
        return _yaml_value(raw, language)
    return raw.strip(), None


def _menu_value(control: Control, raw: str) -> Any:
    """The choice whose form value (`form_value`) is `raw`; unknown text as written."""
    for choice in control.choices:
        if form_value(choice.value) == raw:
            return choice.value
    return raw


def _yaml_value(raw: str, language: str) -> tuple[Any, str | None]:
    if len(raw) > MAX_DATA_CHARS:
        return None, in_words(language, "too long: at most %(most)s characters here",
                              most=format(MAX_DATA_CHARS, ","))
    try:
        level = 0
        for event in yaml.parse(raw, Loader=yaml.SafeLoader):
            if isinstance(event, yaml.AliasEvent):
                return None, in_words(language, "write the values out: aliases (*name) are "
                                                "not read here")
            if isinstance(event, (yaml.SequenceStartEvent, yaml.MappingStartEvent)):
                level += 1
                if level > MAX_DATA_DEPTH:
                    return None, in_words(language, "nested too deeply: at most %(most)s "
                                                    "levels here", most=MAX_DATA_DEPTH)
            elif isinstance(event, (yaml.SequenceEndEvent, yaml.MappingEndEvent)):
                level -= 1
        return yaml.safe_load(raw), None
    except yaml.YAMLError as error:
        from pontoon_rules.workbench.yamlwords import place, problem_words

        problem = problem_words(getattr(error, "problem", None) or getattr(
            error, "reason", None) or "not YAML", language)  # PyYAML's, in words
        found = place(error, raw)
        if found is None:
            return None, in_words(language, "cannot read this as YAML: %(problem)s",
                                  problem=problem)
        return None, in_words(language, "cannot read this as YAML (line %(line)s, column "
                              "%(column)s): %(problem)s", line=found[0], column=found[1],
                              problem=problem)


def form_value(value: Any) -> str:
    """How a plain value travels in a form: strings as written, anything else as JSON text."""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    return "" if value is None else str(value)


def data_text(value: Any) -> str:
    """A structured value as the YAML a `data` control shows ([] and {} for empty)."""
    if value in ([], (), {}, None):
        return "[]" if isinstance(value, (list, tuple)) else ("{}" if value == {} else "")
    return yaml.safe_dump(value, sort_keys=False, allow_unicode=True, width=80).strip()
