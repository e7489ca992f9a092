/**
 * deploy/k8s: the Indexed Job, the merge Job and the PVC parse as YAML and
 * are wired together (index -> --shard I/N with N = completions, one shared
 * volume under results/shards, the same RUN_ID); the pods' shell commands,
 * run here with a small sim for args, give the unsharded run's result. No
 * cluster needed.
 */
import assert from "node:assert/strict";
import { parse } from "yaml";

const DIR = new URL("../deploy/k8s/", import.meta.url);
const ROOT = new URL("..", import.meta.url).pathname;

// deno-lint-ignore no-explicit-any
type Y = any;
const load = async (name: string): Promise<Y> =>
  parse(await Deno.readTextFile(new URL(name, DIR)));

const envOf = (c: Y): Record<string, string> =>
  Object.fromEntries(
    (c.env ?? []).map((e: { name: string; value: string }) => [
      e.name,
      e.value,
    ]),
  );

Deno.test("k8s manifests: Indexed Job -> --shard I/N, shared volume, merge Job of the same run", async () => {
  const pvc = await load("pvc.yaml");
  const job = await load("shards-job.yaml");
  const merge = await load("merge-job.yaml");
  assert.equal(pvc.kind, "PersistentVolumeClaim");
  assert.ok(pvc.spec.accessModes.includes("ReadWriteMany"));
  for (const j of [job, merge]) {
    assert.equal(j.apiVersion, "batch/v1");
    assert.equal(j.kind, "Job");
    const pod = j.spec.template.spec;
    assert.equal(pod.restartPolicy, "Never");
    assert.equal(
      pod.volumes[0].persistentVolumeClaim.claimName,
      pvc.metadata.name,
    );
    const c = pod.containers[0];
    assert.equal(c.volumeMounts[0].name, pod.volumes[0].name);
    // the flip7 task may write under results/ only: the volume lives there
    assert.equal(c.volumeMounts[0].mountPath, "/app/results/shards");
  }
  assert.equal(job.spec.completionMode, "Indexed");
  const c = job.spec.template.spec.containers[0];
  const env = envOf(c);
  assert.equal(Number(env.SHARDS), job.spec.completions);
  assert.equal(job.spec.parallelism, job.spec.completions);
  const script = c.args[0] as string;
  assert.match(script, /deno task flip7 "\$@"/);
  assert.match(script, /--shard "\$\{JOB_COMPLETION_INDEX\}\/\$\{SHARDS\}"/);
  assert.match(script, /--out "results\/shards\/\$\{RUN_ID\}"/);
  assert.deepEqual(c.args.slice(2), [
    "experiment",
    "field-size",
    "--scale",
    "10",
  ]);
  const m = merge.spec.template.spec.containers[0];
  assert.equal(envOf(m).RUN_ID, env.RUN_ID);
  assert.match(
    m.args[0],
    /deno task flip7 merge "results\/shards\/\$\{RUN_ID\}"/,
  );
  const cf = await Deno.readTextFile(new URL("Containerfile", DIR));
  assert.match(cf, /DENO_DIR=/);
  assert.match(cf, /deno install --frozen/);
  assert.match(cf, /WORKDIR \/app/);
});

Deno.test("k8s pods' commands, run here: N indexed shards + the merge Job == the unsharded run", async () => {
  const job = await load("shards-job.yaml");
  const merge = await load("merge-job.yaml");
  const c = job.spec.template.spec.containers[0];
  const n = 3;
  const runId = `k8s-test-${crypto.randomUUID().slice(0, 8)}`;
  // the pods' working folder: a git checkout of what the task loads (a
  // merge checks that one commit made every shard), so that the shards and
  // the merge's run log land there, not in the repository
  const work = await Deno.makeTempDir({ prefix: "flip7-k8s-" });
  const sh0 = (cmd: string, args: string[], cwd: string) =>
    new Deno.Command(cmd, { args, cwd, stdout: "null", stderr: "null" })
      .output().then((r) => assert.ok(r.success, `${cmd} ${args.join(" ")}`));
  await sh0("cp", [
    "-r",
    "deno.json",
    "deno.lock",
    "lib",
    "cli",
    "experiments",
    work,
  ], ROOT);
  await sh0("git", ["init", "-q"], work);
  await sh0("git", ["add", "-A"], work);
  await sh0("git", [
    "-c",
    "user.name=t",
    "-c",
    "user.email=t@t",
    "commit",
    "-qm",
    "pods",
  ], work);
  await Deno.mkdir(`${work}/results`);
  const args = [
    "sim",
    "-n",
    "400",
    "-p",
    "ev,bust:0.25",
    "--seed",
    "3",
    "--json",
  ];
  const sh = async (
    container: Y,
    env: Record<string, string>,
    extra: string[],
  ) => {
    const r = await new Deno.Command(container.command[0], {
      args: [
        ...container.command.slice(1),
        ...container.args.slice(0, 2),
        ...extra,
      ],
      cwd: work,
      env: { ...envOf(container), ...env, NO_COLOR: "1" },
      stdout: "piped",
      stderr: "piped",
    }).output();
    const dec = new TextDecoder();
    assert.equal(r.code, 0, dec.decode(r.stderr));
    return dec.decode(r.stdout);
  };
  try {
    for (let i = 0; i < n; i++) {
      await sh(c, {
        JOB_COMPLETION_INDEX: String(i),
        SHARDS: String(n),
        RUN_ID: runId,
      }, args);
    }
    const merged = await sh(merge.spec.template.spec.containers[0], {
      RUN_ID: runId,
    }, []);
    const whole = await new Deno.Command("deno", {
      args: ["task", "-q", "flip7", ...args, "--no-file"],
      cwd: ROOT,
      stdout: "piped",
      stderr: "null",
    }).output();
    const line = (s: string) => s.split("\n").find((l) => l.startsWith("{"));
    assert.equal(line(merged), line(new TextDecoder().decode(whole.stdout)));
    assert.match(merged, new RegExp(`merged ${n} partials`));
    // the merge Job writes its run log beside the shards' folder
    assert.equal([...Deno.readDirSync(`${work}/results/runs`)].length, 1);
  } finally {
    await Deno.remove(work, { recursive: true });
  }
});
