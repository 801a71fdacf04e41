"""Helpers of scripts/convert-radgraph-xl.py: state-dict names, the PyTorch reference pipeline."""
