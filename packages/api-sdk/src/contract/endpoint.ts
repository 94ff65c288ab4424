import type { z } from "zod";

/** One call of the api: `POST {path}` with a JSON body, answered with JSON. */
export interface Endpoint<Req extends z.ZodType = z.ZodType, Res extends z.ZodType = z.ZodType> {
  readonly path: string;
  readonly request: Req;
  readonly response: Res;
}

export function endpoint<Req extends z.ZodType, Res extends z.ZodType>(
  path: string,
  request: Req,
  response: Res,
): Endpoint<Req, Res> {
  return { path, request, response };
}
