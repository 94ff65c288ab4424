#!/usr/bin/env node
import process from "node:process";
import { runVerifyCli } from "./run-cli";

process.exitCode = await runVerifyCli(process.argv.slice(2), process.env, {
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
