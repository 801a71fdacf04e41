"""Handler for the `maira2` report generator (CSEval): microsoft/maira-2 through the user's transformers.

Follows the model card's grounded-reporting recipe: AutoProcessor / AutoModelForCausalLM with
trust_remote_code, processor.format_and_preprocess_reporting_input(..., get_grounding=True),
model.generate(max_new_tokens=450, use_cache=True), decode the new tokens with
skip_special_tokens=True, strip the leading space. The raw grounded sequence
(`<obj>phrase<box><x..><y..><x..><y..></box></obj>...`) is returned as `findings`; metric-suite
parses it (src/metrics/cseval/grounded.ts). The parse of the
processor (convert_output_to_plaintext_or_grounded_sequence) is returned too, as `parsed`.

Only a frontal image is available for a generated CXR: current_lateral, prior_frontal and
prior_report are None; indication/technique/comparison come from the case context when given.
Nothing is downloaded by metric-suite: `model` should be a local folder (or a hub id the
Hugging Face cache already holds).
"""

import base64
import io

_state = {}


def init(model="microsoft/maira-2", device=None, max_new_tokens=450):
    import torch
    from transformers import AutoModelForCausalLM, AutoProcessor

    if device is None:
        device = "cuda" if torch.cuda.is_available() else "cpu"
    _state["model"] = AutoModelForCausalLM.from_pretrained(model, trust_remote_code=True).eval().to(device)
    _state["processor"] = AutoProcessor.from_pretrained(model, trust_remote_code=True)
    _state["device"] = device
    _state["max_new_tokens"] = int(max_new_tokens)
    try:
        import importlib.metadata as md

        version = md.version("transformers")
    except Exception:
        version = "unknown"
    return {"model": model, "device": device, "transformers": version}


def generate(image, media_type="image/png", context=None, grounded=True):
    import torch
    from PIL import Image

    if "model" not in _state:
        raise RuntimeError("init() was not called")
    context = context or {}
    frontal = Image.open(io.BytesIO(base64.b64decode(image))).convert("RGB")
    processor = _state["processor"]
    inputs = processor.format_and_preprocess_reporting_input(
        current_frontal=frontal,
        current_lateral=None,
        prior_frontal=None,
        indication=context.get("indication"),
        technique=context.get("technique"),
        comparison=context.get("comparison"),
        prior_report=None,
        return_tensors="pt",
        get_grounding=bool(grounded),
    )
    inputs = inputs.to(_state["device"])
    with torch.no_grad():
        output = _state["model"].generate(**inputs, max_new_tokens=_state["max_new_tokens"], use_cache=True)
    prompt_length = inputs["input_ids"].shape[-1]
    decoded = processor.decode(output[0][prompt_length:], skip_special_tokens=True).lstrip()
    parsed = processor.convert_output_to_plaintext_or_grounded_sequence(decoded)
    return {"findings": decoded, "parsed": parsed}
