"""A tiny sentence-embedding model the tests make, in the layout Transformers.js loads (`config.json`,
`tokenizer.json`, `tokenizer_config.json`, `onnx/model.onnx`), so that the examples' real embedding path —
Transformers.js, its tokenizer, onnxruntime-web's WebAssembly, mean pooling and normalization — runs offline on a
model of a few kilobytes instead of all-MiniLM-L6-v2's 23 MB download.

The model is BERT-shaped where Transformers.js looks (a WordPiece tokenizer with [CLS] and [SEP], `input_ids` and
`attention_mask` in, `last_hidden_state` out, `model_type: "bert"`) and semantic by construction: each word of its
vocabulary is a point near the direction of its concept (`CONCEPTS`: "automobile" and "sedan" near each other, far
from "llama"), so a query can find a passage that shares no word with it. Words outside the vocabulary are [UNK],
whose vector is zero; [CLS] and [SEP] share a small common component, so no text embeds to the zero vector (a
text of unknown words embeds to that component alone: the tests' pages each hold words of some concept).

    python -m tests.examples.embedding_model OUT_DIR     # writes the model folder
"""

from __future__ import annotations

import json
import random
import sys
from pathlib import Path

#: words by concept; a word's vector is its concept's axis plus a small word-specific part
CONCEPTS: dict[str, list[str]] = {
    "vehicle": [
        "car",
        "cars",
        "automobile",
        "automobiles",
        "vehicle",
        "vehicles",
        "sedan",
        "truck",
        "motor",
        "engine",
        "engines",
        "driving",
        "drive",
        "road",
        "wheels",
        "tyres",
        "tires",
        "fuel",
    ],
    "repair": [
        "repair",
        "repairs",
        "fix",
        "fixing",
        "mechanic",
        "mechanics",
        "garage",
        "maintenance",
        "service",
        "broken",
        "replace",
        "oil",
        "brakes",
    ],
    "animal": [
        "llama",
        "llamas",
        "alpaca",
        "alpacas",
        "camelid",
        "camelids",
        "animal",
        "animals",
        "herd",
        "livestock",
        "pasture",
        "wool",
        "shearing",
        "fleece",
    ],
    "food": ["hay", "feeding", "feed", "food", "eat", "eating", "grass", "diet", "nutrition", "forage", "grain"],
    "rust": [
        "rust",
        "borrow",
        "borrowing",
        "borrowed",
        "checker",
        "ownership",
        "owner",
        "owned",
        "lifetimes",
        "mutable",
        "references",
    ],
    "programming": [
        "compiler",
        "memory",
        "programming",
        "code",
        "language",
        "software",
        "safety",
        "types",
        "program",
        "garbage",
        "collector",
    ],
    "search": ["search", "index", "query", "ranking", "retrieval", "semantic", "keyword", "embedding", "vector"],
    "web": ["browser", "page", "pages", "website", "web", "extension", "html", "javascript", "v8", "blog"],
    "mathematics": [
        "matrix",
        "matrices",
        "hermitian",
        "complex",
        "conjugate",
        "transpose",
        "eigenvalues",
        "eigenvalue",
        "symmetric",
        "diagonal",
        "adjoint",
        "spectral",
        "mathematics",
        "algebra",
    ],
}
SPECIAL = ["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]"]
#: the model's width (the real all-MiniLM-L6-v2: 384)
DIMENSIONS = 16
#: how far a word sits from its concept's axis
WORD_SPREAD = 0.1
SEED = 1729


def vocabulary() -> list[str]:
    words = [word for members in CONCEPTS.values() for word in members]
    assert len(words) == len(set(words)), "a word belongs to one concept"
    return SPECIAL + words


def embedding_table() -> list[list[float]]:
    """One row per vocabulary entry: specials first ([CLS]/[SEP] the common component, the rest zero)."""
    rows: list[list[float]] = []
    for token in SPECIAL:
        row = [0.0] * DIMENSIONS
        if token in ("[CLS]", "[SEP]"):
            row[DIMENSIONS - 1] = 0.05
        rows.append(row)
    chance = random.Random(SEED)
    for axis, members in enumerate(CONCEPTS.values()):
        for _ in members:
            row = [chance.uniform(-WORD_SPREAD, WORD_SPREAD) for _ in range(DIMENSIONS)]
            row[axis] += 1.0
            row[DIMENSIONS - 1] = 0.0
            rows.append(row)
    return rows


def tokenizer_json(vocab: list[str]) -> dict[str, object]:
    ids = {token: index for index, token in enumerate(vocab)}

    def special(token: str) -> dict[str, object]:
        return {
            "id": ids[token],
            "content": token,
            "single_word": False,
            "lstrip": False,
            "rstrip": False,
            "normalized": False,
            "special": True,
        }

    return {
        "version": "1.0",
        "truncation": None,
        "padding": None,
        "added_tokens": [special(token) for token in SPECIAL],
        "normalizer": {
            "type": "BertNormalizer",
            "clean_text": True,
            "handle_chinese_chars": True,
            "strip_accents": None,
            "lowercase": True,
        },
        "pre_tokenizer": {"type": "BertPreTokenizer"},
        "post_processor": {
            "type": "TemplateProcessing",
            "single": [
                {"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                {"Sequence": {"id": "A", "type_id": 0}},
                {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
            ],
            "pair": [
                {"SpecialToken": {"id": "[CLS]", "type_id": 0}},
                {"Sequence": {"id": "A", "type_id": 0}},
                {"SpecialToken": {"id": "[SEP]", "type_id": 0}},
                {"Sequence": {"id": "B", "type_id": 1}},
                {"SpecialToken": {"id": "[SEP]", "type_id": 1}},
            ],
            "special_tokens": {
                token: {"id": token, "ids": [ids[token]], "tokens": [token]} for token in ("[CLS]", "[SEP]")
            },
        },
        "decoder": {"type": "WordPiece", "prefix": "##", "cleanup": True},
        "model": {
            "type": "WordPiece",
            "unk_token": "[UNK]",
            "continuing_subword_prefix": "##",
            "max_input_chars_per_word": 100,
            "vocab": ids,
        },
    }


def onnx_model(table: list[list[float]]) -> bytes:
    """last_hidden_state = E[input_ids] × attention_mask: each token's row, padding zeroed."""
    import onnx
    from onnx import TensorProto, helper

    vocab_size = len(table)
    embeddings = helper.make_tensor(
        "embeddings", TensorProto.FLOAT, [vocab_size, DIMENSIONS], [value for row in table for value in row]
    )
    axes = helper.make_tensor("axes", TensorProto.INT64, [1], [2])
    nodes = [
        helper.make_node("Gather", ["embeddings", "input_ids"], ["rows"], axis=0),
        helper.make_node("Cast", ["attention_mask"], ["mask_float"], to=TensorProto.FLOAT),
        helper.make_node("Unsqueeze", ["mask_float", "axes"], ["mask_3d"]),
        helper.make_node("Mul", ["rows", "mask_3d"], ["last_hidden_state"]),
    ]
    graph = helper.make_graph(
        nodes,
        "recall-test-embeddings",
        [
            helper.make_tensor_value_info("input_ids", TensorProto.INT64, ["batch", "sequence"]),
            helper.make_tensor_value_info("attention_mask", TensorProto.INT64, ["batch", "sequence"]),
        ],
        [helper.make_tensor_value_info("last_hidden_state", TensorProto.FLOAT, ["batch", "sequence", DIMENSIONS])],
        initializer=[embeddings, axes],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)], producer_name="xtk-tests")
    model.ir_version = 8  # what onnxruntime-web 1.x reads
    onnx.checker.check_model(model)
    return model.SerializeToString()


def write_model(folder: Path) -> Path:
    """The model folder at `folder` (made if missing); returns it."""
    vocab = vocabulary()
    (folder / "onnx").mkdir(parents=True, exist_ok=True)
    config = {
        "model_type": "bert",
        "architectures": ["BertModel"],
        "hidden_size": DIMENSIONS,
        "num_attention_heads": 1,
        "num_hidden_layers": 0,
        "vocab_size": len(vocab),
        "max_position_embeddings": 512,
    }
    tokenizer_config = {
        "tokenizer_class": "BertTokenizer",
        "do_lower_case": True,
        "model_max_length": 512,
        "cls_token": "[CLS]",
        "sep_token": "[SEP]",
        "pad_token": "[PAD]",
        "unk_token": "[UNK]",
        "mask_token": "[MASK]",
    }
    (folder / "config.json").write_text(json.dumps(config, indent=2) + "\n", encoding="utf-8")
    (folder / "tokenizer.json").write_text(json.dumps(tokenizer_json(vocab)) + "\n", encoding="utf-8")
    (folder / "tokenizer_config.json").write_text(json.dumps(tokenizer_config, indent=2) + "\n", encoding="utf-8")
    (folder / "onnx" / "model.onnx").write_bytes(onnx_model(embedding_table()))
    return folder


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: python -m tests.examples.embedding_model OUT_DIR")
    print(write_model(Path(sys.argv[1])))
