import { describe, expect, it } from "vitest";
import { buildAbility } from "./ability";
import { heldRules, holdsRules, unheldRights } from "./held-rules";
import { MANAGED_ROLE_RULES } from "./managed-roles";
import type { PermissionRule } from "./rules";

const holds = (holder: PermissionRule[], granted: PermissionRule[]) =>
  holdsRules(buildAbility(holder), granted);

describe("holdsRules: actions and subjects", () => {
  it("holds what a rule of the same action and subject allows, and nothing beyond it", () => {
    expect(
      holds([{ action: "read", subject: "Envelope" }], [{ action: "read", subject: "Envelope" }]),
    ).toBe(true);
    expect(
      holds([{ action: "read", subject: "Envelope" }], [{ action: "update", subject: "Envelope" }]),
    ).toBe(false);
    expect(
      holds([{ action: "read", subject: "Envelope" }], [{ action: "read", subject: "Template" }]),
    ).toBe(false);
  });

  it("lets manage cover every action, but only manage covers manage", () => {
    expect(
      holds(
        [{ action: "manage", subject: "Template" }],
        [{ action: ["create", "delete"], subject: "Template" }],
      ),
    ).toBe(true);
    expect(
      holds(
        [{ action: ["create", "read", "update", "delete"], subject: "API" }],
        [{ action: "manage", subject: "API" }],
      ),
    ).toBe(false);
  });

  it("lets all cover every subject, but only all covers all", () => {
    expect(
      holds([{ action: "read", subject: "all" }], [{ action: "read", subject: ["Team", "API"] }]),
    ).toBe(true);
    expect(
      holds(
        [
          {
            action: "read",
            subject: ["Envelope", "Workspace", "Team", "Contact", "Template", "API"],
          },
        ],
        [{ action: "read", subject: "all" }],
      ),
    ).toBe(false);
  });

  it("asks for every action and subject of a rule listing several", () => {
    expect(
      unheldRights(buildAbility([{ action: "read", subject: ["Envelope", "Team"] }]), [
        { action: ["read", "update"], subject: ["Envelope", "Team"] },
      ]),
    ).toEqual([
      { action: "update", subject: "Envelope" },
      { action: "update", subject: "Team" },
    ]);
  });

  it("holds an empty rule set, and a malformed rule never", () => {
    expect(holds([], [])).toBe(true);
    expect(
      holds(
        [{ action: "manage", subject: "all" }],
        [{ action: "fly", subject: "Team" } as unknown as PermissionRule],
      ),
    ).toBe(false);
  });

  it("holds nothing for an ability built from rules this package does not know", () => {
    const empty = buildAbility([{ action: "manage", subject: "Nothing" }], {
      onInvalid: () => undefined,
    });
    expect(holdsRules(empty, [{ action: "read", subject: "Team" }])).toBe(false);
  });
});

describe("holdsRules: fields", () => {
  const membersOnly: PermissionRule[] = [
    { action: "update", subject: "Team", fields: ["members"] },
  ];

  it("does not hold a whole subject through a rule limited to some of its fields", () => {
    // CASL's own check passes here: the reason rule sets are compared.
    expect(buildAbility(membersOnly).can("update", "Team")).toBe(true);
    expect(holds(membersOnly, [{ action: "update", subject: "Team" }])).toBe(false);
    expect(holds(membersOnly, [{ action: "manage", subject: "all" }])).toBe(false);
  });

  it("holds the same fields or fewer, not others", () => {
    const two: PermissionRule[] = [
      { action: "update", subject: "Team", fields: ["members", "tags"] },
    ];
    expect(holds(two, [{ action: "update", subject: "Team", fields: "members" }])).toBe(true);
    expect(holds(two, [{ action: "update", subject: "Team", fields: ["tags", "members"] }])).toBe(
      true,
    );
    expect(holds(two, [{ action: "update", subject: "Team", fields: ["members", "sso"] }])).toBe(
      false,
    );
  });

  it("holds any field through a rule without fields", () => {
    expect(
      holds(
        [{ action: "update", subject: "Team" }],
        [{ action: "update", subject: "Team", fields: ["sso"] }],
      ),
    ).toBe(true);
  });

  it("does not read a field pattern as covering the fields it matches", () => {
    expect(
      holds(
        [{ action: "update", subject: "Team", fields: ["settings.*"] }],
        [{ action: "update", subject: "Team", fields: ["settings.sso"] }],
      ),
    ).toBe(false);
  });
});

describe("holdsRules: conditions", () => {
  const own: PermissionRule[] = [
    { action: "update", subject: "Envelope", conditions: { ownerId: "u1" } },
  ];

  it("does not hold every record through a rule limited to some", () => {
    expect(buildAbility(own).can("update", "Envelope")).toBe(true);
    expect(holds(own, [{ action: "update", subject: "Envelope" }])).toBe(false);
  });

  it("holds the same conditions, whatever the order of their keys and values' keys", () => {
    const holder: PermissionRule[] = [
      {
        action: "read",
        subject: "Envelope",
        conditions: { status: { $in: ["draft"] }, ownerId: "u1" },
      },
    ];
    expect(
      holds(holder, [
        {
          action: "read",
          subject: "Envelope",
          conditions: { ownerId: "u1", status: { $in: ["draft"] } },
        },
      ]),
    ).toBe(true);
  });

  it("holds narrower conditions (more keys) but not other values or wider ones", () => {
    expect(
      holds(own, [
        { action: "update", subject: "Envelope", conditions: { ownerId: "u1", status: "draft" } },
      ]),
    ).toBe(true);
    expect(
      holds(own, [{ action: "update", subject: "Envelope", conditions: { ownerId: "u2" } }]),
    ).toBe(false);
    expect(
      holds(own, [{ action: "update", subject: "Envelope", conditions: { status: "draft" } }]),
    ).toBe(false);
    expect(
      holds(own, [
        { action: "update", subject: "Envelope", conditions: { ownerId: { $ne: "u2" } } },
      ]),
    ).toBe(false);
  });

  it("holds a conditioned right through a rule without conditions, and reads empty conditions as none", () => {
    expect(holds([{ action: "update", subject: "Envelope" }], own)).toBe(true);
    expect(
      holds(
        [{ action: "update", subject: "Envelope", conditions: {} }],
        [{ action: "update", subject: "Envelope" }],
      ),
    ).toBe(true);
  });

  it("refuses an operator it cannot compare rather than guess", () => {
    const holder: PermissionRule[] = [
      { action: "read", subject: "Envelope", conditions: { status: { $in: ["draft", "sent"] } } },
    ];
    expect(
      holds(holder, [{ action: "read", subject: "Envelope", conditions: { status: "draft" } }]),
    ).toBe(false);
  });
});

describe("holdsRules: inverted rules", () => {
  it("does not hold what the holder's inverted rule takes away", () => {
    const admin = [...MANAGED_ROLE_RULES.Admin];
    expect(holds(admin, [{ action: "delete", subject: "Team" }])).toBe(false);
    expect(holds(admin, [{ action: "manage", subject: "Team" }])).toBe(false);
    expect(holds(admin, [{ action: "manage", subject: "all" }])).toBe(false);
    expect(holds(admin, [{ action: "update", subject: "Team" }])).toBe(true);
  });

  it("holds a rule when the granted set takes away, after it, at least what the holder lacks", () => {
    const admin = [...MANAGED_ROLE_RULES.Admin];
    expect(holds(admin, admin)).toBe(true);
    expect(
      holds(admin, [
        { action: "manage", subject: "all" },
        { action: ["delete", "update"], subject: "Team", inverted: true, reason: "No." },
      ]),
    ).toBe(true);
    // Taken away before the rule, or only in part, it does not restrict it.
    expect(
      holds(admin, [
        { action: "delete", subject: "Team", inverted: true, reason: "No." },
        { action: "manage", subject: "all" },
      ]),
    ).toBe(false);
    expect(
      holds(admin, [
        { action: "manage", subject: "all" },
        { action: "delete", subject: "Team", fields: ["name"], inverted: true, reason: "No." },
      ]),
    ).toBe(false);
    expect(
      holds(admin, [
        { action: "manage", subject: "all" },
        {
          action: "delete",
          subject: "Team",
          conditions: { id: "t1" },
          inverted: true,
          reason: "No.",
        },
      ]),
    ).toBe(false);
  });

  it("counts a holder's denial limited to some fields or records as taking away from the rights it meets", () => {
    const holder: PermissionRule[] = [
      { action: "update", subject: "Team" },
      { action: "update", subject: "Team", fields: ["sso"], inverted: true, reason: "No." },
    ];
    expect(holds(holder, [{ action: "update", subject: "Team", fields: ["members"] }])).toBe(true);
    expect(holds(holder, [{ action: "update", subject: "Team", fields: ["sso"] }])).toBe(false);
    expect(holds(holder, [{ action: "update", subject: "Team" }])).toBe(false);
    const conditioned: PermissionRule[] = [
      { action: "manage", subject: "Envelope" },
      {
        action: "delete",
        subject: "Envelope",
        conditions: { status: "completed" },
        inverted: true,
        reason: "No.",
      },
    ];
    expect(
      holds(conditioned, [
        { action: "delete", subject: "Envelope", conditions: { status: "draft" } },
      ]),
    ).toBe(false);
    expect(holds(conditioned, [{ action: "read", subject: "Envelope" }])).toBe(true);
  });

  it("asks nothing for the granted set's own inverted rules", () => {
    expect(
      holds([], [{ action: "manage", subject: "all", inverted: true, reason: "Nothing." }]),
    ).toBe(true);
  });
});

describe("holdsRules: the managed roles", () => {
  const can = (holder: keyof typeof MANAGED_ROLE_RULES, granted: keyof typeof MANAGED_ROLE_RULES) =>
    holds([...MANAGED_ROLE_RULES[holder]], [...MANAGED_ROLE_RULES[granted]]);

  it("lets the Owner hold every role and the Admin every role but the Owner", () => {
    for (const role of ["Owner", "Admin", "Member", "Viewer"] as const)
      expect(can("Owner", role)).toBe(true);
    expect(can("Admin", "Owner")).toBe(false);
    for (const role of ["Admin", "Member", "Viewer"] as const)
      expect(can("Admin", role)).toBe(true);
  });

  it("lets a Member hold the Member and Viewer roles only, a Viewer the Viewer role only", () => {
    expect(can("Member", "Admin")).toBe(false);
    expect(can("Member", "Member")).toBe(true);
    expect(can("Member", "Viewer")).toBe(true);
    expect(can("Viewer", "Member")).toBe(false);
    expect(can("Viewer", "Viewer")).toBe(true);
  });
});

describe("heldRules", () => {
  it("keeps each right the holder holds, one rule per action and subject, and drops the others", () => {
    const viewer = buildAbility([...MANAGED_ROLE_RULES.Viewer]);
    expect(
      heldRules(viewer, [{ action: ["read", "update"], subject: ["Template", "API"] }]),
    ).toEqual([{ action: "read", subject: "Template" }]);
  });

  it("keeps fields and conditions, and the set's inverted rules in their place", () => {
    const member = buildAbility([...MANAGED_ROLE_RULES.Member]);
    const rules: PermissionRule[] = [
      { action: "update", subject: "Envelope", conditions: { ownerId: "u1" }, fields: ["title"] },
      {
        action: "update",
        subject: "Envelope",
        inverted: true,
        conditions: { status: "sent" },
        reason: "No.",
      },
      { action: "delete", subject: "Team" },
    ];
    expect(heldRules(member, rules)).toEqual([
      { action: "update", subject: "Envelope", fields: ["title"], conditions: { ownerId: "u1" } },
      rules[1],
    ]);
  });

  it("gives an ability that allows nothing the holder does not, and what both allow", () => {
    const holder = buildAbility([{ action: "read", subject: "Template" }]);
    const kept = buildAbility(heldRules(holder, [{ action: "manage", subject: "Template" }]));
    expect(kept.can("read", "Template")).toBe(true);
    for (const action of ["create", "update", "delete", "manage"] as const) {
      expect(kept.can(action, "Template")).toBe(false);
    }
  });

  it("drops malformed rules, inverted ones included", () => {
    const owner = buildAbility([...MANAGED_ROLE_RULES.Owner]);
    const malformed = [
      { action: "fly", subject: "Team" },
      { action: "fly", subject: "Team", inverted: true },
    ] as unknown as PermissionRule[];
    expect(heldRules(owner, malformed)).toEqual([]);
  });
});
