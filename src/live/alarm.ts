let context: AudioContext | null = null;
/** When the alarm sounding now ends: alerts in the meantime do not start another over it. */
let soundingUntil = 0;

/**
 * A two-tone alarm made with Web Audio: nothing to download, and it plays from a tab in the
 * background once the user has interacted with the page (browsers block sound before that). A
 * busy fleet's SOS alerts in quick succession sound one alarm, not a pile of them.
 */
export function playAlarm() {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
    if (now < soundingUntil) return;
    soundingUntil = now + 6 * 0.25;
    for (let i = 0; i < 6; i += 1) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = 'square';
      oscillator.frequency.value = i % 2 ? 660 : 880;
      gain.gain.value = 0.08;
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(now + i * 0.25);
      oscillator.stop(now + i * 0.25 + 0.22);
    }
  } catch {
    // no audio device: the on-screen message still shows
  }
}
