// The RTP stream the lead receives, as one stream whatever feeds it: the room's mix, the hold tone, DTMF events.
// A receiver (a carrier's jitter buffer, a phone) expects one SSRC with sequence numbers and timestamps that run on;
// each source has its own numbering, so every packet towards the lead is renumbered here, and a change of source
// continues the timestamps by the wall-clock time since the last packet (RFC 3550: the timestamp follows sampling time).

const RTP_HEADER = 12;
const RATE_PER_MS = 8;

export class LeadStream {
  private seq = Math.floor(Math.random() * 65_536);
  readonly ssrc = Math.floor(Math.random() * 2 ** 32) >>> 0;
  private lastTs = Math.floor(Math.random() * 2 ** 31);
  private lastAt = 0;
  private anchor?: { source: string; sourceTs: number; ts: number };

  /** Our timestamp for now: the last audio packet's, advanced by the time since it left. */
  timestampNow(): number {
    if (!this.lastAt) return this.lastTs;
    return (this.lastTs + Math.round((Date.now() - this.lastAt) * RATE_PER_MS)) >>> 0;
  }

  /**
   * An audio packet of `source` (its own sequence, timestamp and SSRC) as a packet of this stream: same payload and
   * extensions, our numbering; the first packet after a change of source carries the marker (a new talkspurt).
   */
  renumber(packet: Buffer, source: string): Buffer {
    const sourceTs = packet.readUInt32BE(4);
    const switched = this.anchor?.source !== source;
    if (switched || !this.anchor) this.anchor = { source, sourceTs, ts: this.timestampNow() };
    const out = Buffer.from(packet);
    if (switched) out[1] = out[1]! | 0x80;
    this.stamp(out, (this.anchor.ts + ((sourceTs - this.anchor.sourceTs) >>> 0)) >>> 0, true);
    return out;
  }

  /** A packet of our own (a DTMF event): `timestamp` is the event's start, which audio does not move past. */
  packet(payloadType: number, payload: Buffer, options: { marker?: boolean; timestamp: number }): Buffer {
    const out = Buffer.alloc(RTP_HEADER + payload.length);
    out[0] = 0x80;
    out[1] = (options.marker ? 0x80 : 0) | (payloadType & 0x7f);
    payload.copy(out, RTP_HEADER);
    this.stamp(out, options.timestamp, false);
    return out;
  }

  private stamp(out: Buffer, timestamp: number, audio: boolean): void {
    out.writeUInt16BE(this.seq, 2);
    out.writeUInt32BE(timestamp, 4);
    out.writeUInt32BE(this.ssrc, 8);
    this.seq = (this.seq + 1) & 0xffff;
    if (audio) {
      this.lastTs = timestamp;
      this.lastAt = Date.now();
    }
  }
}
