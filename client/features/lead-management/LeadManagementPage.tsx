import { FileText, Phone } from 'lucide-react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ToggleButton, ToggleButtonGroup, type Key } from 'react-aria-components';
import { useLocation, useSearch } from 'wouter';
import { LEAD_DISPOSITIONS, type LeadDisposition } from '../../../shared/constants.js';
import { Badge } from '../../ui/Badge.js';
import { buttonClass, LinkButton } from '../../ui/Button.js';
import { SearchInput } from '../../ui/SearchInput.js';
import { Select } from '../../ui/Select.js';
import { Tab, TabList, TabPanel, Tabs } from '../../ui/Tabs.js';
import { useCampaigns } from '../campaigns/public.js';
import page from '../../ui/Page.module.css';
import styles from '../../ui/Leads.module.css';
import { closeLeadDetail, followLeads, openLeadDetail, showLeadList, useLeads } from '../leads/public.js';
import { useSession } from '../session/public.js';
import { campaignTiles, chooseCampaign as pickCampaign, type CampaignTile } from './campaign-choice.js';
import { ImportLeads } from './import/ImportDialog.js';
import { LeadPanel } from './LeadPanel.js';
import { LeadTable } from './LeadTable.js';
import { RequestLeads } from './RequestLeads.js';
import { ScriptPanel } from './ScriptPanel.js';

type TabKey = 'all' | 'potentials';
type StatusFilter = 'all' | LeadDisposition;

// The dialer belongs to the dialer feature; its code is fetched when it is first shown.
const DialerPanel = lazy(() => import('../dialer/public.js').then((module) => ({ default: module.DialerPanel })));

const SEARCH_DEBOUNCE_MS = 250;
const STATUS_OPTIONS = [
  { id: 'all', label: 'All statuses' },
  ...LEAD_DISPOSITIONS.map((status) => ({ id: status, label: status })),
];

export default function LeadManagementPage() {
  const { user } = useSession();
  const { detail } = useLeads();
  const { items: campaigns, loading } = useCampaigns();
  const query = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<TabKey>('all');
  const [status, setStatus] = useState<StatusFilter>('all');
  const [search, setSearch] = useState('');
  const [debounced, setDebounced] = useState('');
  const [showScript, setShowScript] = useState(false);
  const [showDialer, setShowDialer] = useState(false);

  const requested = query.get('campaign');
  const tiles = useMemo(() => campaignTiles(campaigns, user, requested), [campaigns, user, requested]);
  const choice = pickCampaign(tiles, user, requested, loading);
  const slug = choice.kind === 'chosen' ? choice.slug : undefined;
  const campaign = choice.kind === 'chosen' ? choice.campaign : undefined;
  const campaignName = choice.kind === 'chosen' ? choice.name : '';
  const canImport = Boolean(
    campaign && (user?.role === 'admin' || (user?.role === 'owner' && campaign.ownerId === user.id)),
  );

  useEffect(() => followLeads(), []);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(search), search ? SEARCH_DEBOUNCE_MS : 0);
    return () => clearTimeout(timer);
  }, [search]);
  useEffect(() => {
    if (!campaign) return;
    const disposition = tab === 'potentials' ? 'Potential' : status === 'all' ? undefined : status;
    void showLeadList('management', { campaignId: campaign.id, disposition, search: debounced });
  }, [campaign, tab, status, debounced]);
  // `?lead={id}` (a "New lead assigned" notification): that lead opens in the details panel.
  const targetLead = query.get('lead');
  useEffect(() => {
    if (targetLead) void openLeadDetail(targetLead);
  }, [targetLead]);
  useEffect(() => closeLeadDetail, []);

  const chooseCampaign = (next: string) => {
    closeLeadDetail();
    navigate(`/lead-management?campaign=${next}`, { replace: true });
  };

  const side = detail ? (
    <LeadPanel />
  ) : showScript && slug ? (
    <ScriptPanel campaignSlug={slug} campaignName={campaignName} />
  ) : null;
  const aside =
    showDialer || side ? (
      <div className={page.stack}>
        {showDialer ? (
          <Suspense fallback={<p className={page.muted}>Loading...</p>}>
            <DialerPanel />
          </Suspense>
        ) : null}
        {side}
      </div>
    ) : null;

  return (
    <section className={page.page} aria-labelledby="lead-management-title">
      <div className={page.pageHead}>
        <div>
          <h1 id="lead-management-title" className={page.title}>
            Lead Management
          </h1>
          <p className={page.subtitle}>Work your leads by campaign: call, e-mail, set their status and close deals.</p>
        </div>
        <div className={page.row}>
          <ToggleButton
            isSelected={showDialer}
            onChange={setShowDialer}
            className={buttonClass({ variant: 'secondary' })}
          >
            <Phone size={16} aria-hidden="true" /> {showDialer ? 'Hide Dialer' : 'Show Dialer'}
          </ToggleButton>
          <ToggleButton
            isSelected={showScript}
            onChange={(on) => {
              setShowScript(on);
              if (on) closeLeadDetail();
            }}
            className={buttonClass({ variant: 'secondary' })}
          >
            <FileText size={16} aria-hidden="true" /> {showScript ? 'Hide Script' : 'Show Script'}
          </ToggleButton>
          {campaign && user?.role === 'sales' ? (
            <RequestLeads campaignId={campaign.id} campaignName={campaign.name} />
          ) : null}
          {campaign && canImport ? <ImportLeads campaignId={campaign.id} campaignName={campaign.name} /> : null}
          <LinkButton href="/dashboard/clients" variant="ghost">
            Client Progress
          </LinkButton>
        </div>
      </div>

      <CampaignTiles slug={slug} tiles={tiles} userId={user?.id} onChange={chooseCampaign} />

      {choice.kind === 'unknown' ? (
        <p className={page.error} role="alert">
          There is no campaign "{choice.slug}". Choose one of the campaigns above.
        </p>
      ) : null}
      {!loading && choice.kind === 'chosen' && !campaign ? (
        <p className={page.muted}>{campaignName} is not open yet.</p>
      ) : null}

      <div className={[styles.layout, aside ? styles.withAside : ''].join(' ')}>
        <div className={page.card} hidden={choice.kind === 'unknown'}>
          <Tabs selectedKey={tab} onSelectionChange={(key: Key) => setTab(key as TabKey)}>
            <TabList aria-label="Lead lists">
              <Tab id="all">All Leads</Tab>
              <Tab id="potentials">Potentials</Tab>
            </TabList>
            <div className={styles.toolbar}>
              <SearchInput
                className={styles.grow}
                label="Search leads"
                placeholder="Search by name, email, phone or company"
                value={search}
                onChange={setSearch}
              />
              {tab === 'all' ? (
                <Select
                  label="Status"
                  options={STATUS_OPTIONS}
                  value={status}
                  onChange={(next) => setStatus((next ?? 'all') as StatusFilter)}
                />
              ) : null}
            </div>
            <TabPanel id="all">
              <LeadTable onCall={() => setShowDialer(true)} campaignName={campaignName} />
            </TabPanel>
            <TabPanel id="potentials">
              <LeadTable onCall={() => setShowDialer(true)} campaignName={campaignName} />
            </TabPanel>
          </Tabs>
        </div>
        {aside}
      </div>
    </section>
  );
}

function CampaignTiles({
  slug,
  tiles,
  userId,
  onChange,
}: {
  slug?: string;
  tiles: CampaignTile[];
  userId?: string;
  onChange: (slug: string) => void;
}) {
  return (
    <ToggleButtonGroup
      aria-label="Campaign"
      selectionMode="single"
      disallowEmptySelection
      selectedKeys={slug ? [slug] : []}
      onSelectionChange={(keys: Set<Key>) => {
        const [next] = keys;
        if (next != null) onChange(String(next));
      }}
      className={styles.tiles}
    >
      {tiles.map(({ slug: key, name, campaign }) => {
        const tag = !campaign
          ? 'Coming soon'
          : campaign.ownerId && campaign.ownerId === userId
            ? 'Your campaign'
            : campaign.joined
              ? 'Joined'
              : `${campaign.agentCount} agents`;
        return (
          <ToggleButton key={key} id={key} className={styles.tile}>
            <span className={styles.tileName}>{name}</span>
            <Badge tone={campaign?.joined || tag === 'Your campaign' ? 'green' : 'grey'}>{tag}</Badge>
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
