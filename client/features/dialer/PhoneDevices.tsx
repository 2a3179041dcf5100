import { Headphones, Mic } from 'lucide-react';
import { useState } from 'react';
import { Disclosure, DisclosurePanel, Heading, Label, Meter } from 'react-aria-components';
import { Button } from '../../ui/Button.js';
import { Select } from '../../ui/Select.js';
import { canChooseSpeaker, chooseMicrophone, chooseSpeaker, MIC_TEST_SECONDS, useDevices } from './devices.js';
import { switchMicrophone, switchSpeaker } from './webrtc.js';
import styles from './PhoneDevices.module.css';
import { useMicrophoneCheck } from './useMicrophoneCheck.js';

/** Shown while the settings cannot read the microphone: why, and what to do. */
const NO_MICROPHONE = 'The microphone could not be opened: allow it for this site to choose devices and test it.';
const NO_SPEAKER_CHOICE =
  "This browser plays calls on the system's default speaker: choose another one in your computer's sound settings.";

/**
 * Audio settings of the dialer (calls over WebRTC): microphone and speaker pickers, a live level meter of the chosen
 * microphone and "Test my microphone" (records a few seconds, plays them back). The microphone is open only while
 * the settings are.
 */
export function PhoneDevices() {
  const [expanded, setExpanded] = useState(false);
  return (
    <Disclosure className={styles.settings} isExpanded={expanded} onExpandedChange={setExpanded}>
      <Heading level={3} className={styles.heading}>
        <Button slot="trigger" size="sm" variant="ghost">
          <Headphones size={14} aria-hidden="true" /> Audio settings
        </Button>
      </Heading>
      <DisclosurePanel className={styles.panel}>{expanded ? <DeviceSettings /> : null}</DisclosurePanel>
    </Disclosure>
  );
}

/** The pickers, the level meter and the test, once the settings are open. */
function DeviceSettings() {
  const devices = useDevices();
  const { stream, failed, level, phase, testMicrophone } = useMicrophoneCheck(devices.microphoneId);

  if (failed) return <p className={styles.note}>{NO_MICROPHONE}</p>;
  const microphoneId = devices.microphones.some((d) => d.id === devices.microphoneId) ? devices.microphoneId : null;
  const speakerId = devices.speakers.some((d) => d.id === devices.speakerId) ? devices.speakerId : null;
  return (
    <>
      <Select
        label="Microphone"
        placeholder="Default microphone"
        options={devices.microphones}
        value={microphoneId}
        onChange={(id) => {
          chooseMicrophone(id);
          void switchMicrophone().catch(() => undefined);
        }}
      />
      <Meter className={styles.meter} value={level}>
        {({ percentage }) => (
          <>
            <div className={styles.meterHead}>
              <Label>Microphone level</Label>
            </div>
            <div className={styles.track}>
              <div className={styles.fill} style={{ width: `${percentage}%` }} />
            </div>
          </>
        )}
      </Meter>
      {canChooseSpeaker() ? (
        <Select
          label="Speaker"
          placeholder="Default speaker"
          options={devices.speakers}
          value={speakerId}
          onChange={(id) => {
            chooseSpeaker(id);
            void switchSpeaker();
          }}
        />
      ) : (
        <p className={styles.note}>{NO_SPEAKER_CHOICE}</p>
      )}
      <Button
        size="sm"
        variant="secondary"
        onPress={() => void testMicrophone()}
        isDisabled={!stream || phase !== 'idle'}
      >
        <Mic size={14} aria-hidden="true" /> Test my microphone
      </Button>
      <p className={styles.note} role="status">
        {phase === 'recording'
          ? `Recording for ${MIC_TEST_SECONDS} s: say something.`
          : phase === 'playing'
            ? 'Playing back what the microphone heard.'
            : ''}
      </p>
    </>
  );
}
