import type { APIRoute, GetStaticPaths } from 'astro';
import { recordFile, serializeRecord, type RecordPath } from '../../records/index.ts';
import { records } from '../../build/records.ts';

/** Every GET record of the REST surface, written as a static file under dist/v1. */
export const getStaticPaths = (() =>
  (Object.keys(records) as RecordPath[]).map((path) => ({
    params: { path: recordFile(path).slice(1) },
    props: { path },
  }))) satisfies GetStaticPaths;

export const GET: APIRoute<{ path: RecordPath }> = ({ props }) =>
  new Response(serializeRecord(records[props.path]), {
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
  });
