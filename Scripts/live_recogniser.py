#!/usr/bin/python3
"""A real speech recogniser, offline: speaks sentences with espeak-ng, feeds the audio to
pocketsphinx's decoder in 100 ms steps at real time (or --speed times faster) and prints Vosk-style
JSON lines as a live recogniser does: {"partial": "..."} after each step whose hypothesis changed
(Decoder.hyp() grows, shrinks and changes words as the audio comes), {"text": "..."} when an
utterance ends (the silence after each sentence).

    Scripts/live_recogniser.py | ghostpipe
    Scripts/live_recogniser.py --record session.tsv        # also: each line with its offset in ms

Needs Debian's espeak-ng, sox, python3-pocketsphinx and pocketsphinx-en-us; run with /usr/bin/python3
(the Debian module). --record writes "MS<TAB>LINE" per line: the offset since the first audio step
at which the line was written (the recorded sessions in Tests/Data/live/ are these, made with
--speed 0: the audio's time of each line, as a recogniser that decodes at once would write it, so a
loaded machine does not slow the recording down).
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile
import time

SENTENCES = [
    "the quick brown fox jumps over the lazy dog",
    "please call me back after the meeting",
    "we will arrive at the station at nine in the morning",
]
MODEL = "/usr/share/pocketsphinx/model/en-us"
RATE = 16000
STEP = RATE // 10  # 100 ms of 16-bit mono samples
SILENCE = b"\0\0" * (RATE * 6 // 10)  # 600 ms between sentences


def speech(sentence, directory):
    """The sentence spoken by espeak-ng, as 16 kHz 16-bit mono little-endian samples."""
    wav = os.path.join(directory, "s.wav")
    raw = os.path.join(directory, "s.raw")
    subprocess.run(["espeak-ng", "-s", "150", "-w", wav, sentence], check=True)
    subprocess.run(["sox", wav, "-r", str(RATE), "-c", "1", "-b", "16", "-e", "signed-integer", "-L", raw], check=True)
    with open(raw, "rb") as f:
        return f.read()


def decoder():
    from pocketsphinx import Decoder
    config = Decoder.default_config()
    config.set_string("-hmm", os.path.join(MODEL, "en-us"))
    config.set_string("-lm", os.path.join(MODEL, "en-us.lm.bin"))
    config.set_string("-dict", os.path.join(MODEL, "cmudict-en-us.dict"))
    config.set_string("-logfn", "/dev/null")
    return Decoder(config)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("sentences", nargs="*", help="what to say (default: three sentences)")
    parser.add_argument("--speed", type=float, default=1.0,
                        help="feed the audio this many times faster than real time (0: as fast as it decodes, "
                             "and --record gives each line the audio's time instead of the clock's)")
    parser.add_argument("--record", metavar="FILE", help="also write each line with its offset in ms (MS<TAB>LINE)")
    args = parser.parse_args()
    sentences = args.sentences or SENTENCES

    with tempfile.TemporaryDirectory() as directory:
        audio = [speech(s, directory) for s in sentences]
    recogniser = decoder()
    record = open(args.record, "w") if args.record else None
    start = time.monotonic()
    fed = 0  # samples fed so far: the step's due time on the audio clock

    def say(obj):
        line = json.dumps(obj, ensure_ascii=False)
        sys.stdout.write(line + "\n")
        sys.stdout.flush()
        if record:
            offset = fed * 1000 / RATE if args.speed == 0 else (time.monotonic() - start) * 1000
            record.write("%d\t%s\n" % (round(offset), line))

    try:
        for samples in audio:
            recogniser.start_utt()
            last = None
            utterance = samples + SILENCE
            for k in range(0, len(utterance), STEP * 2):
                chunk = utterance[k:k + STEP * 2]
                # At real time: each step is due when its audio would have been heard.
                fed += len(chunk) // 2
                if args.speed > 0:
                    delay = start + fed / RATE / args.speed - time.monotonic()
                    if delay > 0:
                        time.sleep(delay)
                recogniser.process_raw(chunk, False, False)
                hyp = recogniser.hyp()
                text = hyp.hypstr if hyp else ""
                if text != last:
                    say({"partial": text})
                    last = text
            recogniser.end_utt()
            hyp = recogniser.hyp()
            say({"text": hyp.hypstr if hyp else ""})
    except BrokenPipeError:
        pass
    finally:
        if record:
            record.close()


if __name__ == "__main__":
    main()
