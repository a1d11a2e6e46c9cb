/**
 * Text shaping with HarfBuzz (the harfbuzzjs WebAssembly build), for the PDFs: Indian scripts
 * need their conjuncts, reordered vowel signs and mark positions worked out by the font's
 * OpenType tables before they can be drawn, which pdf-lib cannot do.
 *
 * The Worker imports harfbuzz.wasm as a compiled module (Workers may not compile WebAssembly
 * at run time), and we call HarfBuzz's C API on it directly: harfbuzzjs's JavaScript wrapper
 * creates function-table entries by compiling WebAssembly at run time, which Workers refuse.
 */
import harfbuzzWasm from "harfbuzzjs/dist/harfbuzz.wasm";

interface HarfBuzzExports {
  memory: WebAssembly.Memory;
  __wasm_call_ctors(): void;
  malloc(size: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_face_create(blob: number, index: number): number;
  hb_face_get_upem(face: number): number;
  hb_face_destroy(face: number): void;
  hb_font_create(face: number): number;
  hb_font_set_scale(font: number, x: number, y: number): void;
  hb_font_get_nominal_glyph(font: number, unicode: number, glyph: number): number;
  hb_font_destroy(font: number): void;
  hb_buffer_create(): number;
  hb_buffer_add_codepoints(buffer: number, text: number, length: number, offset: number, itemLength: number): void;
  hb_buffer_guess_segment_properties(buffer: number): void;
  hb_buffer_get_length(buffer: number): number;
  hb_buffer_get_glyph_infos(buffer: number, length: number): number;
  hb_buffer_get_glyph_positions(buffer: number, length: number): number;
  hb_buffer_destroy(buffer: number): void;
  hb_shape(font: number, buffer: number, features: number, featureCount: number): void;
}

/** One glyph as HarfBuzz places it, in font units; `cluster` indexes the code points shaped. */
export interface ShapedGlyph {
  glyphId: number;
  cluster: number;
  xAdvance: number;
  xOffset: number;
  yOffset: number;
}

let instance: Promise<HarfBuzzExports> | undefined;

function harfbuzz(): Promise<HarfBuzzExports> {
  instance ??= (async () => {
    let memory: WebAssembly.Memory | undefined;
    const fail = (what: string) => () => {
      throw new Error(`HarfBuzz: ${what}`);
    };
    const imports = {
      env: {
        _abort_js: fail("abort"),
        _emscripten_runtime_keepalive_clear: () => {},
        _setitimer_js: () => 0,
        emscripten_resize_heap: (requested: number) => {
          const pages = Math.ceil((requested - memory!.buffer.byteLength) / 65_536);
          try {
            memory!.grow(pages);
            return 1;
          } catch {
            return 0;
          }
        },
      },
      wasi_snapshot_preview1: { proc_exit: fail("exit") },
    };
    const created = await WebAssembly.instantiate(harfbuzzWasm, imports);
    const exports = created.exports as unknown as HarfBuzzExports;
    memory = exports.memory;
    exports.__wasm_call_ctors();
    return exports;
  })();
  instance.catch(() => (instance = undefined));
  return instance;
}

/** A font loaded into HarfBuzz. It lives as long as the Worker: the PDFs reuse it. */
export class ShapingFont {
  readonly upem: number;
  readonly #hb: HarfBuzzExports;
  readonly #font: number;
  readonly #covered = new Map<number, boolean>();

  private constructor(hb: HarfBuzzExports, font: number, upem: number) {
    this.#hb = hb;
    this.#font = font;
    this.upem = upem;
  }

  static async load(bytes: Uint8Array): Promise<ShapingFont> {
    const hb = await harfbuzz();
    // The font's bytes stay in HarfBuzz's memory (read-only blob) for the life of the face.
    const data = hb.malloc(bytes.byteLength);
    new Uint8Array(hb.memory.buffer, data, bytes.byteLength).set(bytes);
    const blob = hb.hb_blob_create(data, bytes.byteLength, 1, 0, 0);
    const face = hb.hb_face_create(blob, 0);
    hb.hb_blob_destroy(blob);
    const upem = hb.hb_face_get_upem(face);
    const font = hb.hb_font_create(face);
    hb.hb_face_destroy(face);
    hb.hb_font_set_scale(font, upem, upem);
    return new ShapingFont(hb, font, upem);
  }

  /** Whether the font has a glyph of its own for the code point. */
  covers(codePoint: number): boolean {
    let known = this.#covered.get(codePoint);
    if (known === undefined) {
      const out = this.#hb.malloc(4);
      known = this.#hb.hb_font_get_nominal_glyph(this.#font, codePoint, out) !== 0;
      this.#hb.free(out);
      this.#covered.set(codePoint, known);
    }
    return known;
  }

  /** Shapes one run of text (one script, left to right) into positioned glyphs. */
  shape(codePoints: number[]): ShapedGlyph[] {
    const hb = this.#hb;
    const text = hb.malloc(codePoints.length * 4 + 4);
    const buffer = hb.hb_buffer_create();
    try {
      new Uint32Array(hb.memory.buffer, text, codePoints.length).set(codePoints);
      hb.hb_buffer_add_codepoints(buffer, text, codePoints.length, 0, codePoints.length);
      hb.hb_buffer_guess_segment_properties(buffer);
      hb.hb_shape(this.#font, buffer, 0, 0);
      const count = hb.hb_buffer_get_length(buffer);
      // hb_glyph_info_t and hb_glyph_position_t are five 32-bit words each.
      const infos = new Uint32Array(hb.memory.buffer, hb.hb_buffer_get_glyph_infos(buffer, 0), count * 5);
      const positions = new Int32Array(hb.memory.buffer, hb.hb_buffer_get_glyph_positions(buffer, 0), count * 5);
      return Array.from({ length: count }, (_, i) => ({
        glyphId: infos[i * 5]!,
        cluster: infos[i * 5 + 2]!,
        xAdvance: positions[i * 5]!,
        xOffset: positions[i * 5 + 2]!,
        yOffset: positions[i * 5 + 3]!,
      }));
    } finally {
      hb.hb_buffer_destroy(buffer);
      hb.free(text);
    }
  }
}
