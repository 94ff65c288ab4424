import { SUPPORT_MESSAGE_MAX_LENGTH } from "@paraphe/api-sdk/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testDatabaseKinds } from "../test/databases";
import { failure, signUpMember, type TeamMember } from "../test/envelopes";
import { createIdentityHarness, type IdentityHarness, type Person } from "../test/identity";
import { outboxMails } from "../test/outbox";

const OPERATOR_EMAIL = "helpdesk@support.example";

describe.each(testDatabaseKinds)("support conversations on %s", (kind) => {
  let h: IdentityHarness;
  let member: TeamMember;
  let operator: Person;

  beforeAll(async () => {
    h = await createIdentityHarness(
      kind,
      {},
      { SUPPORT_OPERATORS: ` ${OPERATOR_EMAIL.toUpperCase()} ` },
    );
    member = await signUpMember(h, "asker", "Support team");
    operator = await h.login(OPERATOR_EMAIL);
  });
  afterAll(async () => {
    await h.destroy();
  });

  const messageCount = async () =>
    Number(
      (
        await h.database.connection.db
          .selectFrom("supportMessage")
          .select((eb) => eb.fn.countAll<string>().as("n"))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it("carries a member's question to an operator and the answer back, mailed to the member", async () => {
    expect(await member.api.support.listMessages({})).toEqual({ messages: [], operator: false });
    const { message: question } = await member.api.support.send({
      body: "  How do I add a second signer?  ",
    });
    expect(question).toMatchObject({ author: "member", body: "How do I add a second signer?" });

    const { conversations } = await operator.api.support.operatorListConversations({});
    const listed = conversations.find((c) => c.memberEmail === member.email);
    expect(listed).toMatchObject({
      teamName: "Support team",
      lastMessage: "How do I add a second signer?",
      lastAuthor: "member",
      unread: 1,
    });

    const opened = await operator.api.support.operatorGet({ conversationUuid: listed!.uuid });
    expect(opened.messages.map((m) => m.body)).toEqual(["How do I add a second signer?"]);
    expect(opened.conversation.unread).toBe(0);

    const { message: answer } = await operator.api.support.operatorReply({
      conversationUuid: listed!.uuid,
      body: "Open the envelope and choose Add recipient.",
    });
    expect(answer.author).toBe("operator");

    // The page polls with the last message it has: only the answer comes.
    const polled = await member.api.support.listMessages({ after: question.uuid });
    expect(polled.messages).toEqual([answer]);
    expect((await member.api.support.listMessages({ after: answer.uuid })).messages).toEqual([]);

    const [mail] = await outboxMails(h.database.connection.db, h.t.mailKey, member.email);
    expect(mail?.subject).toBe("Paraphe support answered you");
    expect(mail?.text).toContain("Open the envelope and choose Add recipient.");
    expect(mail?.text).toContain("/settings/support");
  });

  it("tells the page whether the caller is an operator", async () => {
    const operatorMember = await signUpMember(h, "unused", "Operators' own team");
    expect((await operatorMember.api.support.listMessages({})).operator).toBe(false);
    // The operator signs in like anyone; with a team, their own page says they operate support.
    await operator.api.team.create({ name: "Helpdesk", firstname: "Help", lastname: "Desk" });
    expect((await operator.api.support.listMessages({})).operator).toBe(true);
  });

  it("keeps each member's conversation to them: another team's member sees none of it", async () => {
    await member.api.support.send({ body: "A question only I should see" });
    const stranger = await signUpMember(h, "stranger", "Another team");
    expect((await stranger.api.support.listMessages({})).messages).toEqual([]);
    const mine = await member.api.support.listMessages({});
    // A cursor of someone else's conversation shows nothing of it.
    const other = await stranger.api.support.listMessages({ after: mine.messages[0]!.uuid });
    expect(other.messages).toEqual([]);
  });

  it("refuses the operators' calls to members, and a refused reply writes no message and no mail", async () => {
    await member.api.support.send({ body: "Is anyone there?" });
    const { conversations } = await operator.api.support.operatorListConversations({});
    const conversationUuid = conversations.find((c) => c.memberEmail === member.email)!.uuid;
    const before = await messageCount();
    const mailsBefore = (await outboxMails(h.database.connection.db, h.t.mailKey, member.email))
      .length;

    expect((await failure(member.api.support.operatorListConversations({}))).code).toBe(
      "FORBIDDEN",
    );
    expect((await failure(member.api.support.operatorGet({ conversationUuid }))).code).toBe(
      "FORBIDDEN",
    );
    const refused = await failure(
      member.api.support.operatorReply({ conversationUuid, body: "I answer myself" }),
    );
    expect(refused.code).toBe("FORBIDDEN");
    expect(await messageCount()).toBe(before);
    expect((await outboxMails(h.database.connection.db, h.t.mailKey, member.email)).length).toBe(
      mailsBefore,
    );
  });

  it("answers NOT_FOUND to an operator for a conversation that does not exist", async () => {
    const conversationUuid = crypto.randomUUID();
    expect((await failure(operator.api.support.operatorGet({ conversationUuid }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await failure(operator.api.support.operatorReply({ conversationUuid, body: "Hello" }))).code,
    ).toBe("NOT_FOUND");
  });

  it("refuses an empty message and one over the limit, storing nothing", async () => {
    const before = await messageCount();
    for (const body of ["   ", "x".repeat(SUPPORT_MESSAGE_MAX_LENGTH + 1)]) {
      expect((await failure(member.api.support.send({ body }))).code).toBe("VALIDATION_ERROR");
    }
    expect(await messageCount()).toBe(before);
    const longest = "é".repeat(SUPPORT_MESSAGE_MAX_LENGTH);
    expect((await member.api.support.send({ body: longest })).message.body).toBe(longest);
  });
});
