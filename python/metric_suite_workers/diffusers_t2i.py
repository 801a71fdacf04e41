"""Handler for a `command` text-to-image generator (CSEval): a diffusers pipeline of the user's.

    imageGenerators:
      mine: { type: command, handler: metric_suite_workers.diffusers_t2i, python: .venv/bin/python,
              init: { model: /models/roentgen, device: cuda, steps: 50, guidance: 4.0, dtype: float16 } }

init loads `DiffusionPipeline.from_pretrained(model)` once (a local folder: nothing is
downloaded by metric-suite) and reports a version made of the model path, the diffusers
version and the sampling settings, so that changing any of them regenerates the images.
generate seeds a `torch.Generator` on the pipeline's device with the image's seed (the paper's
"random initial noise" per seed), runs the pipeline and returns the first image as a PNG.
"""

import base64
import io

_state = {}


def init(model, device=None, steps=50, guidance=None, dtype=None, negative_prompt=None):
    import torch
    from diffusers import DiffusionPipeline

    if device is None:
        device = "cuda" if torch.cuda.is_available() else "cpu"
    kwargs = {}
    if dtype:
        kwargs["torch_dtype"] = getattr(torch, dtype)
    pipe = DiffusionPipeline.from_pretrained(model, **kwargs).to(device)
    if hasattr(pipe, "set_progress_bar_config"):
        pipe.set_progress_bar_config(disable=True)
    _state.update(pipe=pipe, device=device, steps=int(steps), guidance=guidance, negative_prompt=negative_prompt)
    try:
        import importlib.metadata as md

        diffusers_version = md.version("diffusers")
    except Exception:
        diffusers_version = "unknown"
    version = "%s|diffusers %s|steps %d|guidance %s|dtype %s" % (model, diffusers_version, int(steps), guidance, dtype)
    return {"version": version, "device": device}


def generate(prompt, seed, width, height):
    import torch

    if "pipe" not in _state:
        raise RuntimeError("init() was not called")
    generator = torch.Generator(device=_state["device"]).manual_seed(int(seed))
    kwargs = {"num_inference_steps": _state["steps"], "width": int(width), "height": int(height), "generator": generator}
    if _state["guidance"] is not None:
        kwargs["guidance_scale"] = float(_state["guidance"])
    if _state["negative_prompt"]:
        kwargs["negative_prompt"] = _state["negative_prompt"]
    image = _state["pipe"](prompt=prompt, **kwargs).images[0]
    buf = io.BytesIO()
    image.save(buf, format="PNG")
    return {"image": base64.b64encode(buf.getvalue()).decode("ascii")}
