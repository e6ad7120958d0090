import { EventEmitter } from 'node:events';

/** A stand-in terminal stdin that Ink and useKeys read keys from: `write` hands them over, raw mode is accepted and ignored. */
export class FakeStdin extends EventEmitter {
  readonly isTTY = true;
  private data: string | null = null;
  /** Hands keys to the reader, as one read. */
  write(data: string): void {
    this.data = data;
    this.emit('readable');
    this.emit('data', data);
  }
  read = (): string | null => {
    const d = this.data;
    this.data = null;
    return d;
  };
  setEncoding(): void {}
  setRawMode(): void {}
  resume(): void {}
  pause(): void {}
  ref(): void {}
  unref(): void {}
}
