// The data set of the insights part: 100,000 calls, 20,000 leads and 5,000 deals (with their ledger lines) over the
// last 90 days, spread over 50 agents and 6 campaigns, written straight into the deployment's database (the product's
// writers are measured elsewhere; here only the reads are). The measured lead has a downline of 20 at levels 1-2.
import { MongoClient, ObjectId, type Document } from 'mongodb';

const DAY = 86_400_000;

export interface InsightsDataSize {
  calls: number;
  leads: number;
  deals: number;
}

/** A deterministic pseudo-random sequence, so every run measures the same data. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1_664_525 + 1_013_904_223) >>> 0;
    return state / 2 ** 32;
  };
}

export async function writeInsightsData(
  mongoUrl: string,
  leadId: string,
  ownerId: string,
  size: InsightsDataSize,
): Promise<void> {
  const client = await MongoClient.connect(mongoUrl);
  try {
    const db = client.db();
    const rnd = random(42);
    const pick = <T>(items: T[]) => items[Math.floor(rnd() * items.length)];
    const now = Date.now();
    const when = () => new Date(now - Math.floor(rnd() * 90 * DAY));
    const lead = new ObjectId(leadId);
    const campaigns = Array.from({ length: 6 }, (_, i) => ({
      _id: new ObjectId(),
      slug: `bench-insights-${i}-${now}`,
      name: `Bench Campaign ${i + 1}`,
      status: 'active',
      ownerId: new ObjectId(ownerId),
      commissionStructure: { opener: 10, closer: 15, fullStack: 30, override: { level1: 5, level2: 2.5, level3: 1 } },
      holdDays: 14,
      createdAt: new Date(),
      updatedAt: new Date(),
    }));
    await db.collection('campaigns').insertMany(campaigns);
    const level1 = Array.from({ length: 5 }, (_, i) => ({
      _id: new ObjectId(),
      name: `Downline L1 ${i}`,
      uplineId: lead,
    }));
    const level2 = Array.from({ length: 15 }, (_, i) => ({
      _id: new ObjectId(),
      name: `Downline L2 ${i}`,
      uplineId: level1[i % 5]._id,
    }));
    const others = Array.from({ length: 29 }, (_, i) => ({ _id: new ObjectId(), name: `Other agent ${i}` }));
    const people = [...level1, ...level2, ...others].map((u) => ({
      ...u,
      email: `${u._id.toHexString()}@bench.test`,
      role: 'sales',
      referralCode: `B${u._id.toHexString()}`,
      avatarSeed: u._id.toHexString(),
      createdAt: new Date(),
    }));
    await db.collection('users').insertMany(people);
    const agents = [lead, ...people.map((p) => p._id)];
    const uplineOf = new Map<string, ObjectId>([...level1, ...level2].map((u) => [u._id.toHexString(), u.uplineId]));

    const inBatches = async (name: string, count: number, make: (i: number) => Document) => {
      for (let start = 0; start < count; start += 5_000) {
        await db.collection(name).insertMany(
          Array.from({ length: Math.min(5_000, count - start) }, (_, i) => make(start + i)),
          { ordered: false },
        );
      }
    };
    await inBatches('calls', size.calls, () => {
      const startedAt = when();
      const talk = rnd() < 0.35 ? Math.floor(rnd() * 600) : null;
      const campaign = pick(campaigns);
      return {
        agentId: pick(agents),
        phone: '+1 555 0100',
        phoneDigits: '15550100',
        name: 'Bench Lead',
        campaignId: campaign._id,
        campaignName: campaign.name,
        direction: 'outbound',
        notes: '',
        autoDialed: false,
        provider: 'simulator',
        state: 'idle',
        status: talk === null ? 'missed' : 'answered',
        muted: false,
        startedAt,
        ...(talk === null ? {} : { connectedAt: new Date(startedAt.getTime() + 5_000) }),
        endedAt: new Date(startedAt.getTime() + 5_000 + (talk ?? 0) * 1_000),
        duration: talk ?? 0,
        timeline: [],
      };
    });
    const stages: Array<[string, string]> = [
      ['New', 'New'],
      ['VM', 'Contacted'],
      ['Answered', 'Contacted'],
      ['Potential', 'Qualified'],
      ['Closed', 'Closed'],
      ['Rejected', 'Lost'],
    ];
    await inBatches('leads', size.leads, (i) => {
      const createdAt = when();
      const [disposition, stage] = pick(stages);
      const recycled = rnd() < 0.05;
      return {
        campaignId: pick(campaigns)._id,
        name: `Bench Lead ${i}`,
        email: `insights-lead-${i}@bench.test`,
        source: 'Import',
        leadType: 'Individual',
        details: {},
        assignedTo: pick(agents),
        assignedAt: new Date(createdAt.getTime() + DAY),
        disposition,
        stage,
        dispositionAt: new Date(createdAt.getTime() + 2 * DAY),
        history: [
          { at: createdAt, change: 'Imported from bench.csv' },
          ...(recycled
            ? [
                {
                  at: new Date(createdAt.getTime() + DAY),
                  change: 'Returned to the pool after 48 h without a status change',
                },
              ]
            : []),
        ],
        createdAt,
        updatedAt: createdAt,
      };
    });
    const deals: Document[] = [];
    const lines: Document[] = [];
    for (let i = 0; i < size.deals; i++) {
      const closedAt = when();
      const closer = pick(agents);
      const value = 10_000 + Math.floor(rnd() * 500_000);
      const cancelled = rnd() < 0.05;
      const deal = {
        _id: new ObjectId(),
        leadId: new ObjectId(),
        campaignId: pick(campaigns)._id,
        openerId: closer,
        closerId: closer,
        value,
        status: cancelled ? 'cancelled' : 'closed',
        closedAt,
        closedBy: closer,
        leadName: `Deal ${i}`,
      };
      deals.push(deal);
      const own = Math.round(value * 0.3);
      const status = cancelled ? 'void' : closedAt.getTime() < now - 30 * DAY ? 'paid' : 'pending';
      const line = (userId: ObjectId, kind: string, level: number, amount: number) => ({
        userId,
        dealId: deal._id,
        campaignId: deal.campaignId,
        kind,
        level,
        amount,
        status,
        percent: 30,
        basis: value,
        sourceUserId: closer,
        holdUntil: closedAt,
        createdAt: closedAt,
      });
      lines.push(line(closer, 'fullStack', 0, own));
      let upline = uplineOf.get(closer.toHexString());
      for (let level = 1; upline && level <= 3; level++) {
        lines.push(line(upline, 'override', level, Math.round(own * [0.05, 0.025, 0.01][level - 1])));
        upline = uplineOf.get(upline.toHexString());
      }
    }
    await db.collection('deals').insertMany(deals, { ordered: false });
    await db.collection('commissions').insertMany(lines, { ordered: false });
  } finally {
    await client.close();
  }
}
