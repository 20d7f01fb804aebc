#!/usr/bin/python3
"""A mail sink for the notices' tests: an SMTP server (Debian's python3-aiosmtpd) on
127.0.0.1:PORT that writes each message it accepts to FOLDER as NNNN.eml (the envelope's
recipients first, as an X-Rcpt-To line), and the file FOLDER/ready once it listens. Stops on
SIGTERM."""
import os
import signal
import sys

from aiosmtpd.controller import Controller


class Keep:
    def __init__(self, folder):
        self.folder = folder
        self.count = 0

    async def handle_DATA(self, server, session, envelope):
        self.count += 1
        path = os.path.join(self.folder, f"{self.count:04d}.eml")
        with open(path + ".part", "wb") as out:
            out.write(("X-Rcpt-To: " + ",".join(envelope.rcpt_tos) + "\r\n").encode())
            out.write(envelope.content)
        os.rename(path + ".part", path)  # whole or not there
        return "250 OK"


def main():
    folder, port = sys.argv[1], int(sys.argv[2])
    controller = Controller(Keep(folder), hostname="127.0.0.1", port=port)
    controller.start()
    with open(os.path.join(folder, "ready"), "w") as ready:
        ready.write("ready\n")
    signal.signal(signal.SIGTERM, lambda *_: None)
    signal.pause()
    controller.stop()


if __name__ == "__main__":
    main()
