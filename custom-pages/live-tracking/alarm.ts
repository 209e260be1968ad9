let context: AudioContext | null = null;

/**
 * A two-tone alarm made with Web Audio: nothing to download, and it plays from a tab in the
 * background once the user has interacted with the page (browsers block sound before that).
 */
export function playAlarm() {
  try {
    context ??= new AudioContext();
    const now = context.currentTime;
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
