"""nltk's own sentence_bleu (Debian python3-nltk), BLEU-4 with smoothing method 1, on the
bench's token lists: the reference row for `bleu`. Input: {"pairs": [[ref_tokens, hyp_tokens], ...]}."""
import nltk
from nltk.translate.bleu_score import SmoothingFunction, sentence_bleu

from _common import run

method1 = SmoothingFunction().method1


def score_all(data):
    return [sentence_bleu([ref], hyp, smoothing_function=method1) for ref, hyp in data['pairs']]


if __name__ == '__main__':
    run(score_all)
