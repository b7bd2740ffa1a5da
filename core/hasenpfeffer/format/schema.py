"""The JSON Schema (draft 2020-12) of a variant file, generated from the models.

The schema describes a file as written, before ``extends`` is resolved: every
section is optional (each field has a default), and only ``name`` is required,
in house-rule files too. Where the loader accepts a shorthand the schema says
so: a number in a bid ladder stands for a bid of that many tricks.

>>> s = variant_schema()
>>> s["$schema"], s["required"]
('https://json-schema.org/draft/2020-12/schema', ['name'])
>>> render(s).endswith("}\\n")
True
"""

from __future__ import annotations

import json
from typing import Any

from pydantic.json_schema import GenerateJsonSchema, JsonSchemaValue
from pydantic_core import core_schema

from .variant import Variant

DRAFT = "https://json-schema.org/draft/2020-12/schema"
SCHEMA_ID = "urn:hasenpfeffer:schema:variant"
"""The schema's ``$id``: a name, not a download location (the file ships in the package)."""

_BID_REF = {"$ref": "#/$defs/Bid"}
_BID_NUMBER = {
    "type": "integer",
    "minimum": 1,
    "description": "Short for a bid of that many tricks: `4` is `{name: '4', tricks: 4}`.",
}


class _Generator(GenerateJsonSchema):
    """Pydantic's generator, also saying that integer-keyed mappings need integer keys."""

    def dict_schema(self, schema: core_schema.DictSchema) -> JsonSchemaValue:
        """A mapping; integer keys are written as digits (a YAML integer, or a string of digits)."""
        result = super().dict_schema(schema)
        if schema.get("keys_schema", {}).get("type") == "int":
            result["propertyNames"] = {"pattern": "^-?[0-9]+$"}
        return result


_BOUNDS = {"ge": "minimum", "le": "maximum", "gt": "exclusiveMinimum", "lt": "exclusiveMaximum"}
"""Pydantic writes the bounds of a constrained number inside a union by their Python names."""


def _accept_shorthands(node: Any) -> Any:
    """Let every bid in the schema also be written as a plain number; bounds by their JSON names.

    >>> _accept_shorthands({"type": "integer", "ge": 1, "le": 3})
    {'type': 'integer', 'minimum': 1, 'maximum': 3}
    """
    if isinstance(node, dict):
        if node == _BID_REF:
            return {"anyOf": [dict(_BID_NUMBER), dict(_BID_REF)]}
        numeric = node.get("type") in ("integer", "number")
        return {
            (_BOUNDS.get(key, key) if numeric else key): _accept_shorthands(value)
            for key, value in node.items()
        }
    if isinstance(node, list):
        return [_accept_shorthands(item) for item in node]
    return node


def variant_schema() -> dict[str, Any]:
    """The JSON Schema of a variant file, as a mapping."""
    generated = _accept_shorthands(Variant.model_json_schema(schema_generator=_Generator))
    head = {
        "$schema": DRAFT,
        "$id": SCHEMA_ID,
        "title": "Hasenpfeffer variant file",
        "description": "A game of the Euchre family as data. A file may say `extends:` and give only what"
        " differs from its parent: mappings merge key by key, lists replace.",
    }
    rest = {key: value for key, value in generated.items() if key not in ("title", "description")}
    rest["properties"] = {
        "$schema": {
            "type": "string",
            "description": "Where this schema is, for editors (a JSON file's way to say it); ignored by the engine.",
        },
        **rest["properties"],
    }
    return head | rest


def render(schema: dict[str, Any] | None = None) -> str:
    """The schema as text: indent 2, keys in the order generated, trailing newline."""
    return json.dumps(variant_schema() if schema is None else schema, indent=2, ensure_ascii=False) + "\n"
