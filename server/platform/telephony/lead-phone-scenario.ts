// The local carrier's "lead phone": one SIPp UAS scenario that answers every INVITE according to the dialed
// number (the number plan in docs/telephony.md). Each INVITE writes one <log> line (LEADPHONE|from|to|outcome|
// request line) that the carrier turns into a JSON line of DATA_DIR/telephony/lead-phone.log; a BYE from the caller
// writes LEADPHONE-BYE|from|to (lead-phone-byes.log), a DTMF key by SIP INFO LEADPHONE-DTMF|from|to|key
// (lead-phone-dtmf.log). Echo numbers answer
// with SIPp's echo port ([media_port], SIPp runs with -rtp_echo); the greeting number answers sendonly from its
// own rtpstream port and plays the greeting file, so the caller's audio is never echoed into it.

export interface LeadPhoneScenarioOptions {
  /** 8 kHz mu-law samples without a header, played to 555-010-0004. */
  greetingFile: string;
  /** How long 555-010-0004 stays on the line before hanging up. */
  greetingMs: number;
  /** The talking leads (talking-leads.ts): 10-digit number -> its line as 8 kHz mu-law without a header. */
  talkingLeads?: Array<{ number: string; file: string }>;
}

const sdpHead = `v=0
      o=leadphone [call_number] 1 IN IP[local_ip_type] [local_ip]
      s=lead phone
      c=IN IP[media_ip_type] [media_ip]
      t=0 0`;

/** The echo numbers answer from SIPp's echo port, offering G.711 both ways. */
const echoSdp = `${sdpHead}
      m=audio [media_port] RTP/AVP 0 8
      a=rtpmap:0 PCMU/8000
      a=rtpmap:8 PCMA/8000
      a=sendrecv`;

/**
 * 555-010-0007 also accepts RFC 4733 DTMF (telephone-event, payload type 101 as the server's room model offers it),
 * so keypad keys reach it as RTP events, which the echo returns; the other numbers leave keys to SIP INFO.
 */
const echoDtmfSdp = `${sdpHead}
      m=audio [media_port] RTP/AVP 0 8 101
      a=rtpmap:0 PCMU/8000
      a=rtpmap:8 PCMA/8000
      a=rtpmap:101 telephone-event/8000
      a=fmtp:101 0-15
      a=sendrecv`;

/**
 * Answers and echoes until the caller hangs up: a re-INVITE (an ICE restart, any renegotiation) gets the same media, a
 * SIP INFO (DTMF by `application/dtmf-relay`) is logged as LEADPHONE-DTMF|from|to|key and answered 200.
 */
function echoUntilHangup(id: string, sdp: string): string {
  return `${response('200 OK', { retransmit: true, contact: true, sdp })}
  <recv request="ACK"/>
  <label id="talk${id}"/>
  <recv request="INVITE" optional="true" next="reinvite${id}"/>
  <recv request="INFO" optional="true" next="info${id}">
    <action>
      <ereg regexp="Signal= *([0-9*#A-D])" search_in="msg" check_it="false" assign_to="info_signal,info_key"/>
      <log message="LEADPHONE-DTMF|[$caller]|[$num]|[$info_key]|[$info_signal]"/>
    </action>
  </recv>
  <recv request="BYE" timeout="3600000" ontimeout="hangup" next="caller_hung_up"/>
  <label id="reinvite${id}"/>
  ${response('200 OK', { retransmit: true, tagged: false, contact: true, sdp })}
  <recv request="ACK" next="talk${id}"/>
  <label id="info${id}"/>
  ${response('200 OK', { tagged: false })}
  <nop next="talk${id}"/>`;
}

/** The greeting number answers send-only from its rtpstream port, so the caller's audio is never echoed into it. */
const greetingSdp = `${sdpHead}
      m=audio [rtpstream_audio_port] RTP/AVP 0
      a=rtpmap:0 PCMU/8000
      a=sendonly`;

interface ResponseOptions {
  /** Resend until acknowledged (a 200 to an INVITE). */
  retransmit?: boolean;
  /** Add the lead phone's To tag (every response but the 200 to a BYE, whose To already carries it). */
  tagged?: boolean;
  /** Answer the INVITE's CSeq after a CANCEL or a delay, when the last message is no longer the INVITE. */
  inviteCSeq?: boolean;
  contact?: boolean;
  sdp?: string;
}

/** One SIP response of the scenario, as a SIPp <send>. */
function response(
  status: string,
  { retransmit = false, tagged = true, inviteCSeq = false, contact = false, sdp }: ResponseOptions = {},
): string {
  const headers = [
    `SIP/2.0 ${status}`,
    '[last_Via:]',
    '[last_From:]',
    tagged ? '[last_To:];tag=[pid]LP[call_number]' : '[last_To:]',
    '[last_Call-ID:]',
    inviteCSeq ? 'CSeq: [$cseq] INVITE' : '[last_CSeq:]',
    ...(contact ? ['Contact: <sip:[$num]@[local_ip]:[local_port];transport=[transport]>'] : []),
    ...(sdp ? ['Content-Type: application/sdp', 'Content-Length: [len]'] : ['Content-Length: 0']),
  ];
  const message = headers.map((line) => `      ${line}`).join('\n') + (sdp ? `\n\n      ${sdp}` : '');
  return `<send${retransmit ? ' retrans="500"' : ''}>
    <![CDATA[

${message}

    ]]>
  </send>`;
}

/** A talking lead answers send-only like the greeting, says its line once and stays on until the caller hangs up. */
function talkingLeadBranch({ number, file }: { number: string; file: string }): string {
  return `<!-- ${number}: answers, says its objection, stays on the line until the caller hangs up. -->
  <label id="t${number}"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|answered-objection|[$request_line]"/></action></nop>
  ${response('200 OK', { retransmit: true, contact: true, sdp: greetingSdp })}
  <recv request="ACK">
    <action><exec rtp_stream="${file},1,0"/></action>
  </recv>
  <recv request="BYE" timeout="3600000" ontimeout="hangup" next="caller_hung_up"/>`;
}

export function leadPhoneScenario({ greetingFile, greetingMs, talkingLeads = [] }: LeadPhoneScenarioOptions): string {
  const talkingTests = talkingLeads
    .map(
      ({ number }) => `      <strcmp assign_to="ct${number}" variable="num" value="${number}"/>
      <test assign_to="ist${number}" variable="ct${number}" compare="equal" value="0"/>`,
    )
    .join('\n');
  const talkingJumps = talkingLeads.map(({ number }) => `  <nop next="t${number}" test="ist${number}"/>`).join('\n');
  return `<?xml version="1.0" encoding="ISO-8859-1" ?>
<!DOCTYPE scenario SYSTEM "sipp.dtd">
<scenario name="Lead phone">
  <recv request="INVITE" crlf="true" rrs="true">
    <action>
      <ereg regexp="^INVITE sip:\\+?1?([0-9]{10})@[^ ]*" search_in="msg" check_it="false" assign_to="request_line,num"/>
      <ereg regexp="sip:[^>;]+" search_in="hdr" header="From:" check_it="false" assign_to="caller"/>
      <ereg regexp="[^ ].*" search_in="hdr" header="From:" check_it="false" assign_to="from_hdr"/>
      <ereg regexp="[^ ].*" search_in="hdr" header="To:" check_it="false" assign_to="to_hdr"/>
      <ereg regexp="[0-9]+" search_in="hdr" header="CSeq:" check_it="false" assign_to="cseq"/>
      <strcmp assign_to="c1" variable="num" value="5550100001"/>
      <strcmp assign_to="c2" variable="num" value="5550100002"/>
      <strcmp assign_to="c3" variable="num" value="5550100003"/>
      <strcmp assign_to="c4" variable="num" value="5550100004"/>
      <strcmp assign_to="c5" variable="num" value="5550100005"/>
      <strcmp assign_to="c7" variable="num" value="5550100007"/>
      <test assign_to="is1" variable="c1" compare="equal" value="0"/>
      <test assign_to="is2" variable="c2" compare="equal" value="0"/>
      <test assign_to="is3" variable="c3" compare="equal" value="0"/>
      <test assign_to="is4" variable="c4" compare="equal" value="0"/>
      <test assign_to="is5" variable="c5" compare="equal" value="0"/>
      <test assign_to="is7" variable="c7" compare="equal" value="0"/>
${talkingTests}
    </action>
  </recv>

  <nop next="n1" test="is1"/>
  <nop next="n2" test="is2"/>
  <nop next="n3" test="is3"/>
  <nop next="n4" test="is4"/>
  <nop next="n5" test="is5"/>
  <nop next="n7" test="is7"/>
${talkingJumps}

  <!-- Any other number does not exist. -->
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|not-found|[$request_line]"/></action></nop>
  ${response('404 Not Found')}
  <recv request="ACK" next="end"/>

  <!-- 5550100002: busy. -->
  <label id="n2"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|busy|[$request_line]"/></action></nop>
  ${response('486 Busy Here')}
  <recv request="ACK" next="end"/>

  <!-- 5550100003: rings until the caller cancels. -->
  <label id="n3"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|no-answer|[$request_line]"/></action></nop>
  ${response('180 Ringing', { contact: true })}
  <recv request="CANCEL" timeout="3600000" ontimeout="end" next="cancelled"/>

  <!-- 5550100001: rings 1 s, answers with the echo port, hangs up after 6 s. -->
  <label id="n1"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|answered-echo-6s|[$request_line]"/></action></nop>
  ${response('180 Ringing', { contact: true })}
  <recv request="CANCEL" timeout="1000" ontimeout="answer1" next="cancelled"/>
  <label id="answer1"/>
  ${response('200 OK', { retransmit: true, inviteCSeq: true, contact: true, sdp: echoSdp })}
  <recv request="ACK"/>
  <recv request="BYE" timeout="6000" ontimeout="hangup" next="caller_hung_up"/>

  <!-- 5550100005: answers with the echo port and echoes until the caller hangs up; DTMF by SIP INFO is logged. -->
  <label id="n5"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|answered-echo|[$request_line]"/></action></nop>
  ${echoUntilHangup('5', echoSdp)}

  <!-- 5550100007: as 5550100005, and accepts RFC 4733 DTMF (the echo returns the events). -->
  <label id="n7"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|answered-echo-dtmf|[$request_line]"/></action></nop>
  ${echoUntilHangup('7', echoDtmfSdp)}

  <!-- 5550100004: answers, plays the 3 s greeting, hangs up. -->
  <label id="n4"/>
  <nop><action><log message="LEADPHONE|[$caller]|[$num]|answered-greeting|[$request_line]"/></action></nop>
  ${response('200 OK', { retransmit: true, contact: true, sdp: greetingSdp })}
  <recv request="ACK">
    <action><exec rtp_stream="${greetingFile},1,0"/></action>
  </recv>
  <recv request="BYE" timeout="${greetingMs}" ontimeout="hangup" next="caller_hung_up"/>

  ${talkingLeads.map(talkingLeadBranch).join('\n\n  ')}

  <!-- The lead phone hangs up. -->
  <label id="hangup"/>
  <send retrans="500">
    <![CDATA[

      BYE [next_url] SIP/2.0
      Via: SIP/2.0/[transport] [local_ip]:[local_port];branch=[branch]
      [routes]
      From: [$to_hdr];tag=[pid]LP[call_number]
      To: [$from_hdr]
      Call-ID: [call_id]
      CSeq: 1 BYE
      Contact: <sip:[$num]@[local_ip]:[local_port];transport=[transport]>
      Max-Forwards: 70
      Content-Length: 0

    ]]>
  </send>
  <recv response="200" next="end"/>

  <!-- The caller gave up while it was ringing. -->
  <label id="cancelled"/>
  ${response('200 OK')}
  ${response('487 Request Terminated', { inviteCSeq: true })}
  <recv request="ACK" next="end"/>

  <!-- The caller hung up. -->
  <label id="caller_hung_up"/>
  ${response('200 OK', { tagged: false })}
  <nop><action><log message="LEADPHONE-BYE|[$caller]|[$num]"/></action></nop>

  <label id="end"/>
  <nop/>
</scenario>
`;
}
