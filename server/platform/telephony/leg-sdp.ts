// The SDP of the SIP legs the server places into a call room (the lead's, a closing desk's), each through its own RTP relay.

/**
 * Our SDP towards the carrier (the INVITE's early offer, or the answer to a lead calling in): G.711 mu-law (what the
 * relay records) from the relay's port, RFC 4733 events.
 */
export function offerSdp(at: { ip: string; port: number }): string {
  const id = Date.now();
  return [
    'v=0',
    `o=cw ${id} ${id} IN IP4 ${at.ip}`,
    's=call',
    `c=IN IP4 ${at.ip}`,
    't=0 0',
    `m=audio ${at.port} RTP/AVP 0 101`,
    'a=rtpmap:0 PCMU/8000',
    'a=rtpmap:101 telephone-event/8000',
    'a=fmtp:101 0-15',
    'a=ptime:20',
    'a=sendrecv',
    '',
  ].join('\r\n');
}

/** The far end's media address from its SDP (session or media-level c=, the audio m= port). */
export function mediaOf(sdp: string): { ip: string; port: number } | undefined {
  const ip = /^c=IN IP4 ([^\s]+)/m.exec(sdp)?.[1];
  const port = Number(/^m=audio (\d+)/m.exec(sdp)?.[1]);
  return ip && port > 0 ? { ip, port } : undefined;
}
