// The app's API compiled to WebAssembly (crates/web): commands by name with JSON, as the app's
// IPC takes them. Bytes cross through the module's own buffers: ask for an input buffer,
// write, call, read the output (a result, or the API's tagged error).

interface Exports {
  memory: WebAssembly.Memory;
  web_input(len: number): number;
  web_output(): number;
  web_output_len(): number;
  web_open(imageLen: number): number;
  web_call(nameLen: number): number;
  web_changes(): number;
  web_image(): number;
  web_random_playouts(games: number): number;
}

/** A command the module refused: its `ApiError` (JSON), as the app's IPC rejects. */
export class EngineRefusal {
  constructor(readonly error: unknown) {}
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

export class Engine {
  private constructor(private readonly x: Exports) {}

  /** Instantiates the module; the page's clocks and randomness are its only imports. */
  static async load(bytes: BufferSource): Promise<Engine> {
    let memory: WebAssembly.Memory | null = null;
    const imports = {
      carcassonne: {
        monotonic_ms: () => performance.now(),
        wall_ms: () => Date.now(),
        entropy: (ptr: number, len: number) => {
          if (!memory) return 2;
          crypto.getRandomValues(new Uint8Array(memory.buffer, ptr, len));
          return 0;
        },
      },
    };
    const { instance } = await WebAssembly.instantiate(bytes, imports);
    const x = instance.exports as unknown as Exports;
    memory = x.memory;
    return new Engine(x);
  }

  private put(...parts: Uint8Array[]): void {
    const total = parts.reduce((n, p) => n + p.length, 0);
    const at = this.x.web_input(total);
    const view = new Uint8Array(this.x.memory.buffer, at, total);
    let offset = 0;
    for (const p of parts) {
      view.set(p, offset);
      offset += p.length;
    }
  }

  private output(): Uint8Array {
    return new Uint8Array(this.x.memory.buffer, this.x.web_output(), this.x.web_output_len()).slice();
  }

  private json(status: number): unknown {
    const value: unknown = JSON.parse(decoder.decode(this.output()));
    if (status !== 0) throw new EngineRefusal(value);
    return value;
  }

  /** Opens the store from its saved image (empty: a new store) with the saved settings. */
  open(image: Uint8Array, settings: string): void {
    this.put(image, encoder.encode(settings));
    this.json(this.x.web_open(image.length));
  }

  /** Runs a command; `args` as the IPC takes them (`{ req }` or nothing). */
  call(cmd: string, args: unknown): unknown {
    const name = encoder.encode(cmd);
    this.put(name, encoder.encode(args === undefined ? '' : JSON.stringify(args)));
    return this.json(this.x.web_call(name.length));
  }

  /** Rows written since the store was opened. */
  changes(): number {
    return this.x.web_changes();
  }

  /** The store's image, to save. */
  image(): Uint8Array {
    const status = this.x.web_image();
    if (status !== 0) this.json(status);
    return this.output();
  }

  /** Random full base games from fixed seeds (the benchmark); the actions played. */
  randomPlayouts(games: number): number {
    return this.x.web_random_playouts(games);
  }
}
