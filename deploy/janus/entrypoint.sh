#!/bin/sh
# Writes Janus's configuration from the environment, loading only the AudioBridge plugin (the call rooms of the room
# model, the default), the SIP plugin (SIP_CALL_MODEL=plugin) and the HTTP transport, then runs Janus in the
# foreground. The HTTP API listens inside the compose network only (the api service reaches it at
# http://janus:8088/janus); every request must carry JANUS_API_SECRET. docs/telephony.md explains each setting.
set -eu
: "${JANUS_API_SECRET:?set JANUS_API_SECRET (the api service sends it with every Janus request)}"
: "${JANUS_PUBLIC_IP:?set JANUS_PUBLIC_IP (the address browsers reach for WebRTC media)}"
: "${SIP_MEDIA_IP:?set SIP_MEDIA_IP (the address the SIP trunk sends RTP to)}"
WEBRTC_RTP="${JANUS_WEBRTC_RTP_RANGE:-20000-20199}"
SIP_RTP="${JANUS_SIP_RTP_RANGE:-30000-30199}"
# The call rooms' plain-RTP participants: the api's RTP relays send the leads' audio here (compose network only).
ROOM_RTP="${JANUS_ROOM_RTP_RANGE:-40000-40199}"
LIB=$(dirname "$(find /usr/lib -path '*/janus/plugins/libjanus_sip.so' | head -n1)")/..
CONF="${JANUS_CONF_DIR:-/run/janus}"
mkdir -p "$CONF/plugins" "$CONF/transports" "$CONF/events" "$CONF/loggers"
ln -sf "$LIB/plugins/libjanus_sip.so" "$CONF/plugins/"
ln -sf "$LIB/plugins/libjanus_audiobridge.so" "$CONF/plugins/"
ln -sf "$LIB/transports/libjanus_http.so" "$CONF/transports/"
# Call recordings (the volume shared with the api service, SIP_RECORDINGS_DIR): the api, another user, reads each
# call's files and removes them once stored.
RECORDINGS="${SIP_RECORDINGS_DIR:-/recordings}"
mkdir -p "$RECORDINGS" && chmod 0777 "$RECORDINGS"

SIP_BIND=""
[ -n "${SIP_LOCAL_IP:-}" ] && SIP_BIND="local_ip = \"$SIP_LOCAL_IP\"
	local_media_ip = \"$SIP_LOCAL_IP\""

TURN=""
if [ -n "${TURN_SERVER:-}" ]; then
  TURN="turn_server = \"${TURN_SERVER}\"
	turn_port = ${TURN_PORT:-3478}
	turn_type = \"udp\"
	turn_user = \"${TURN_USER:-}\"
	turn_pwd = \"${TURN_PASSWORD:-}\""
fi

# JANUS_EVENT_LOOPS > 0: that many shared media threads instead of a thread per handle (docs/telephony.md).
EVENT_LOOPS_LINE=""
if [ "${JANUS_EVENT_LOOPS:-0}" -gt 0 ]; then EVENT_LOOPS_LINE="event_loops = $JANUS_EVENT_LOOPS"; fi

cat > "$CONF/janus.jcfg" <<CFG
general: {
	configs_folder = "$CONF"
	plugins_folder = "$CONF/plugins"
	transports_folder = "$CONF/transports"
	events_folder = "$CONF/events"
	loggers_folder = "$CONF/loggers"
	log_to_stdout = true
	debug_level = ${JANUS_DEBUG_LEVEL:-4}
	api_secret = "$JANUS_API_SECRET"
	session_timeout = ${JANUS_SESSION_TIMEOUT_S:-15}
	$EVENT_LOOPS_LINE
}
certificates: {
}
media: {
	rtp_port_range = "$WEBRTC_RTP"
}
nat: {
	nat_1_1_mapping = "$JANUS_PUBLIC_IP"
	ice_ignore_list = "vmnet"
	$TURN
}
plugins: {
}
transports: {
}
loggers: {
}
events: {
	broadcast = false
}
CFG

cat > "$CONF/janus.plugin.sip.jcfg" <<CFG
general: {
	$SIP_BIND
	sdp_ip = "$SIP_MEDIA_IP"
	keepalive_interval = 120
	behind_nat = false
	register_ttl = 3600
	rtp_port_range = "$SIP_RTP"
	sip_timer_t1x64 = 32000
	events = false
}
CFG

# Rooms are made and destroyed by the api per call (random ids and secrets); none is configured here. Plain-RTP
# participants bind JANUS_ROOM_IP (default: this container's address on the compose network, which the api reaches).
ROOM_IP="${JANUS_ROOM_IP:-$(hostname -i | cut -d' ' -f1)}"
cat > "$CONF/janus.plugin.audiobridge.jcfg" <<CFG
general: {
	local_ip = "$ROOM_IP"
	rtp_port_range = "$ROOM_RTP"
	events = false
	string_ids = false
}
CFG

cat > "$CONF/janus.transport.http.jcfg" <<CFG
general: {
	json = "plain"
	base_path = "/janus"
	http = true
	port = 8088
	https = false
}
admin: {
	admin_http = false
	admin_https = false
}
cors: {
}
CFG

exec janus --config "$CONF/janus.jcfg" --configs-folder "$CONF"
