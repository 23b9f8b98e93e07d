// Alarm sounds (SPEC §4): one WAV per category in public/sounds/. Browsers block audio until a
// user gesture, so the bank tracks an armed/muted state the header shows; one click arms it.
// One sound per category plays at a time: a new alarm of a category already sounding does not
// restart it. A sound repeats until someone takes its alarm (Ignore, View, or an acknowledgement
// or resolution on any console): a NOC operator away from the screen for a minute must still
// hear it, and a one-shot chime would be over before the other consoles could silence it.
import { BehaviorSubject } from 'rxjs';
import { CATEGORIES, type AlarmCategory } from '../../../../streams/types';

export type SoundState = 'muted' | 'armed';

export class SoundBank {
  readonly state$ = new BehaviorSubject<SoundState>('muted');
  private readonly els = new Map<AlarmCategory, HTMLAudioElement>();
  private readonly owner = new Map<AlarmCategory, number>();

  private el(c: AlarmCategory): HTMLAudioElement {
    let a = this.els.get(c);
    if (!a) {
      a = document.createElement('audio');
      a.src = `/sounds/${c}.wav`;
      a.preload = 'auto';
      a.loop = true;
      a.dataset.sound = c;
      a.dataset.plays = '0';
      a.hidden = true;
      a.addEventListener('play', () => {
        a!.dataset.plays = String(Number(a!.dataset.plays) + 1);
      });
      document.body.appendChild(a);
      this.els.set(c, a);
    }
    return a;
  }

  isPlaying(c: AlarmCategory): boolean {
    const a = this.els.get(c);
    return !!a && !a.paused;
  }

  play(c: AlarmCategory, alarmId: number): void {
    if (this.isPlaying(c)) return;
    const a = this.el(c);
    a.currentTime = 0;
    this.owner.set(c, alarmId);
    a.play().then(
      () => this.state$.next('armed'),
      (e: unknown) => {
        this.owner.delete(c);
        if ((e as { name?: string })?.name === 'NotAllowedError') this.state$.next('muted');
      },
    );
  }

  /** Ignore: stops the sound if this alarm's category is sounding. */
  stop(c: AlarmCategory): void {
    const a = this.els.get(c);
    if (a && !a.paused) {
      a.pause();
      a.currentTime = 0;
    }
    this.owner.delete(c);
  }

  /** An alarm was acknowledged or resolved (here or on another console): its sound stops. */
  stopFor(alarmId: number): void {
    for (const [c, owner] of this.owner) if (owner === alarmId) this.stop(c);
  }

  stopAll(): void {
    for (const c of CATEGORIES) this.stop(c);
  }

  /** Must run inside a user gesture: unlocks every element silently. */
  arm(): void {
    for (const c of CATEGORIES) {
      const a = this.el(c);
      if (this.isPlaying(c)) continue;
      a.muted = true;
      a.play().then(
        () => {
          a.pause();
          a.currentTime = 0;
          a.muted = false;
          a.dataset.plays = String(Math.max(0, Number(a.dataset.plays) - 1)); // the unlock is not an alarm
          this.state$.next('armed');
        },
        () => {
          a.muted = false;
        },
      );
    }
  }
}

export const soundBank = new SoundBank();
