/**
 * A manifest read from its text in pieces (see JsonObjectStream): the whole
 * text and the whole parse tree are never in memory, and each entry becomes
 * its record as soon as it is parsed.
 *
 * Pure: the caller reads the file and pushes its text. A text the stream
 * refuses throws `JsonStreamRefusal`; the caller then reads the whole text
 * with `loadManifest`, whose error names the line and column.
 */
import { JsonObjectStream } from "./json-object-stream.js";
import { type Manifest, ManifestBuilder } from "./manifest.js";

export class ManifestStreamReader {
  private readonly builder: ManifestBuilder;
  private readonly stream: JsonObjectStream;

  /** `file`: the path, for messages only. */
  constructor(file: string) {
    this.builder = new ManifestBuilder(file);
    this.stream = new JsonObjectStream(this.builder);
  }

  push(text: string): void {
    this.stream.push(text);
  }

  /** The manifest, once the whole text was pushed (the errors of `loadManifest`). */
  finish(): Manifest {
    this.stream.end();
    return this.builder.finish();
  }
}
