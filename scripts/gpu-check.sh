#!/usr/bin/env bash
# GPU check for the ONNX RadGraph path: generates a BERT-base-sized RadGraph-XL-shaped model
# (random weights, nothing downloaded), runs the `onnx` extractor on CUDA and on CPU, and
# prints the provider that ran, throughput and agreement (bench/gpu-check.ts).
#
# Needs: a built checkout (npm ci), onnxruntime-node WITH its CUDA provider
# (npm i onnxruntime-node --onnxruntime-node-install=cuda12, or copy
# libonnxruntime_providers_{cuda,shared}.so next to its binding), CUDA 12 and cuDNN 9 libraries
# on the loader path, and an NVIDIA GPU. Exit 0: CUDA ran; 3: it did not (reason printed).
#
#   scripts/gpu-check.sh [--reports 256] [--cpu-reports 64] [--batch 32] [--layers 12 --hidden 768]
set -euo pipefail
cd "$(dirname "$0")/.."
if command -v nvidia-smi >/dev/null 2>&1; then
  nvidia-smi --query-gpu=name,memory.total,driver_version --format=csv,noheader || true
else
  echo "nvidia-smi not found: no NVIDIA driver visible; CUDA will not run"
fi
node -e "require.resolve('onnxruntime-node')" 2>/dev/null || { echo "onnxruntime-node is not installed: npm i onnxruntime-node --onnxruntime-node-install=cuda12"; exit 1; }
exec npx tsx bench/gpu-check.ts "$@"
