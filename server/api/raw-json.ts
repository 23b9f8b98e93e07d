/** An answer already serialised: cached hot reads keep their JSON so the pipeline does not
 *  stringify the same object for every request. Typed as the value it stands for. */
export class RawJson {
  constructor(
    readonly value: unknown,
    readonly json: string = JSON.stringify(value),
  ) {}
}

export const rawJson = <T>(value: T): T => new RawJson(value) as unknown as T;
