import { describe, expect, it } from "vitest";

import {
  describeAttestation,
  isWithoutHardwareIsolation,
  componentDisplayName,
  describeComponent,
  describeComponents,
  describeOverallStatus,
  KNOWN_ATTESTATION_COMPONENTS,
} from "./describe";

describe("describeOverallStatus", () => {
  it.each([
    ["Success", "verified", "verified", "security.attestation.status.success"],
    ["GenericFailure", "failure", "failure", "security.attestation.status.failure"],
    ["None", "pending", "pending", "security.attestation.status.none"],
    ["Unknown", "unknown", "unknown", "security.attestation.status.unknown"],
  ])("shows %s as %s", (status, tone, icon, textKey) => {
    expect(describeOverallStatus(status)).toEqual({ tone, icon, textKey });
  });

  it.each(["Pending", "success", "", "Verified"])(
    "shows any other status (%j) with the default text and the failure icon",
    (status) => {
      expect(describeOverallStatus(status)).toEqual({
        tone: "default",
        icon: "failure",
        textKey: "security.attestation.status.default",
      });
    },
  );
});

describe("describeComponent", () => {
  it.each([true, false, undefined])(
    "shows a component as pending while the overall status is None (flag %s)",
    (flag) => {
      expect(describeComponent("stage0", flag, "None")).toMatchObject({
        state: "pending",
        icon: "pending",
        textKey: "security.attestation.pending",
      });
    },
  );

  it.each(["Success", "GenericFailure", "Unknown", "Other"])(
    "shows a true flag as verified (overall %s)",
    (overall) => {
      expect(describeComponent("stage0", true, overall)).toMatchObject({
        state: "verified",
        icon: "verified",
        textKey: "security.attestation.verified",
      });
    },
  );

  it.each([false, undefined])("shows a %s flag as failed", (flag) => {
    expect(describeComponent("stage0", flag, "Success")).toMatchObject({
      state: "failed",
      icon: "failure",
      textKey: "security.attestation.failed",
    });
  });

  it("carries the raw name and its display name", () => {
    expect(describeComponent("kernel_image", true, "Success")).toMatchObject({
      name: "kernel_image",
      displayName: "Kernel image",
    });
  });
});

describe("componentDisplayName", () => {
  it("shows underscores as spaces and capitalises the first letter", () => {
    expect(componentDisplayName("amd_sev_snp")).toBe("Amd sev snp");
  });

  it("names the six known components as the spec does", () => {
    expect(KNOWN_ATTESTATION_COMPONENTS.map(componentDisplayName)).toEqual([
      "Amd sev snp",
      "Stage0",
      "System image",
      "Kernel image",
      "Container bundle",
      "Container config",
    ]);
  });
});

describe("describeComponents", () => {
  it("lists the known components in the spec's order, then the others alphabetically", () => {
    const views = describeComponents({
      status: "GenericFailure",
      components: {
        zeta: true,
        container_config: true,
        amd_sev_snp: false,
        alpha: false,
        stage0: true,
      },
    });

    expect(views.map((view) => [view.name, view.state])).toEqual([
      ["amd_sev_snp", "failed"],
      ["stage0", "verified"],
      ["container_config", "verified"],
      ["alpha", "failed"],
      ["zeta", "verified"],
    ]);
  });
});

describe("a server without hardware isolation", () => {
  const honest = {
    status: "GenericFailure",
    reason: "no hardware isolation: development server",
    components: {
      amd_sev_snp: false,
      stage0: false,
      container_bundle: true,
      container_config: true,
    },
  };

  it("reads as having no hardware-isolated environment, not as a failure, when its software matched", () => {
    expect(isWithoutHardwareIsolation(honest)).toBe(true);
    expect(describeAttestation(honest)).toEqual({
      tone: "noHardware",
      icon: "noHardware",
      textKey: "security.attestation.status.noHardware",
    });
    expect(describeComponents(honest).map((view) => [view.name, view.state])).toEqual([
      ["amd_sev_snp", "absent"],
      ["stage0", "absent"],
      ["container_bundle", "verified"],
      ["container_config", "verified"],
    ]);
  });

  it("stays a failure when its software did not match, or for any other reason", () => {
    const mismatch = { ...honest, components: { ...honest.components, container_bundle: false } };
    expect(describeAttestation(mismatch).tone).toBe("failure");
    expect(describeComponents(mismatch)[0]?.state).toBe("failed");
    const other = { ...honest, reason: "report signature invalid" };
    expect(describeAttestation(other).tone).toBe("failure");
    expect(isWithoutHardwareIsolation({ ...honest, status: "Success" })).toBe(false);
  });
});
