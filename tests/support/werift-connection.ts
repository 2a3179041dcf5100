// What a werift peer (the tests' and the bench's stand-in for a browser tab) needs to come up against Janus as a
// browser does, and the times of each step of its connection.
//
// Janus answers a browser's offer `a=setup:active`: it is the DTLS client, and sends its ClientHello as soon as
// libnice selects a pair, i.e. when the peer's nominating check reaches it. The peer learns the same from that
// check's response a moment later and only then starts DTLS; a ClientHello that arrived in between is dropped by
// werift, and Janus (OpenSSL: a fixed 1 s first retransmission, janus.jcfg `dtls_timeout` applies to BoringSSL only)
// sends it again a second later. libwebrtc (Chromium) keeps such a ClientHello and hands it to DTLS when DTLS starts
// (p2p/base/dtls_transport.cc, "Caching DTLS ClientHello packet until DTLS is started"), so a browser never waits
// that second. `keepEarlyClientHello` does the same for a werift peer.
import type { RTCDtlsTransport, RTCPeerConnection } from 'werift';

/** A DTLS record carrying a ClientHello: content type 22 (handshake), handshake type 1 after the 13-byte header. */
const isClientHello = (packet: Buffer) => packet.length > 17 && packet[0] === 22 && packet[13] === 1;

/** When each step of a peer's connection happened (performance.now()), for the benches' breakdowns. */
export interface ConnectionSteps {
  /** Janus's answer applied (setRemoteDescription). */
  answerAt?: number;
  /** Janus's first ClientHello reached the peer. */
  clientHelloAt?: number;
  /** That ClientHello came before the peer's DTLS was listening (kept for it by `keepEarlyClientHello`, if used). */
  clientHelloEarly?: boolean;
  iceConnectedAt?: number;
  dtlsConnectedAt?: number;
  firstRtpAt?: number;
}

const kept = new WeakSet<RTCDtlsTransport>();

/**
 * A ClientHello received before the peer's DTLS started is kept and handed to DTLS when it starts, as libwebrtc does.
 * Call once the peer has its transceivers (before its offer leaves).
 */
export function keepEarlyClientHello(pc: RTCPeerConnection): void {
  for (const transport of pc.dtlsTransports) {
    if (kept.has(transport)) continue;
    kept.add(transport);
    const ice = transport.iceTransport.connection;
    let early: Buffer | undefined;
    ice.onData.subscribe((packet) => {
      if (transport.dtls === undefined && isClientHello(packet)) early = Buffer.from(packet);
    });
    transport.onStateChange.subscribe((state) => {
      if (state !== 'connecting' || !early) return;
      const hello = early;
      early = undefined;
      // werift makes its DTLS socket right after announcing `connecting`, in the same turn.
      queueMicrotask(() => ice.onData.execute(hello));
    });
  }
}

/** Records the steps of `pc`'s connection; `answerAt` is the caller's to set. */
export function watchConnectionSteps(pc: RTCPeerConnection): ConnectionSteps {
  const steps: ConnectionSteps = {};
  for (const transport of pc.dtlsTransports) {
    transport.iceTransport.connection.onData.subscribe((packet) => {
      if (steps.clientHelloAt !== undefined || !isClientHello(packet)) return;
      steps.clientHelloAt = performance.now();
      steps.clientHelloEarly = transport.dtls === undefined;
    });
    transport.onStateChange.subscribe((state) => {
      if (state === 'connected') steps.dtlsConnectedAt ??= performance.now();
    });
  }
  pc.iceConnectionStateChange.subscribe((state) => {
    if (state === 'connected') steps.iceConnectedAt ??= performance.now();
  });
  pc.onTrack.subscribe((track) =>
    track.onReceiveRtp.subscribe(() => {
      steps.firstRtpAt ??= performance.now();
    }),
  );
  return steps;
}
