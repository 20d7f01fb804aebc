// @ts-check
// The shapes the client works with, as JSDoc types for `tsc --noEmit` (no code): the server's
// view of a room (docs/protocol.md, "The view"), its events and actions, and what the room
// screen's controller hands its views.

/**
 * @typedef {{ seat: number, kind: 'human' | 'bot' | 'empty', person?: string, name?: string,
 *   online?: boolean, resigned?: boolean, bot?: string, away?: boolean, offline_long?: boolean }} Seat
 * @typedef {{ initial_ms: number, increment_ms: number, on_timeout?: 'random' | 'forfeit' }} ClockSettings
 * @typedef {{ rules?: string, expansions?: Record<string, boolean>, options?: Record<string, any>,
 *   seats?: number, clock?: ClockSettings | null, move_time_s?: number | null, private?: boolean }} RoomSettings
 * @typedef {{ id: string, name: string, status: string, host?: string, private?: boolean,
 *   invite?: string, spectators_allowed?: boolean, settings?: RoomSettings, seats: Seat[],
 *   spectators?: { person: string, name: string, online?: boolean }[] }} Room
 * @typedef {{ x: number, y: number, tile: string, rotation: number, height?: number }} BoardTile
 * @typedef {{ owner: number, spot: 'feature' | 'tower' | 'quarter', x?: number, y?: number,
 *   segment?: number, quarter?: string }} Follower
 * @typedef {{ score: number, supply: number, floors?: number, prisoners?: number[] }} Player
 * @typedef {{ remaining_ms: number[], running: number | null, since: number, timeouts?: number[] }} Clock
 * @typedef {{ tokens?: Record<string, number>, usable?: Record<string, number>,
 *   keep?: { x: number, y: number, size: number } | null }} CastlePlayer
 * @typedef {{ board?: { interior: number[][], wall: any[] }, towers_with_token?: number[],
 *   players?: CastlePlayer[], pending?: { owner: number, feature: string, tiles: number[][] }[],
 *   extra_turn?: boolean }} Castle
 * @typedef {{ winners?: number[], scores?: number[], resigned?: number[], reason?: string,
 *   breakdown?: Record<string, number>[] }} Result
 * @typedef {{ rules?: string, player_count?: number, phase: string, turn: number,
 *   turn_player?: number, decider: number, drawn_tile?: string | null, tiles_left?: number,
 *   remaining?: number[], board: BoardTile[], followers: Follower[], players: Player[],
 *   count_quarter?: string | null, redeploy_onto?: { x: number, y: number, segment: number, feature: string } | null,
 *   king?: number, robber?: number, tower_rules?: boolean, clock?: Clock | null, castle?: Castle | null,
 *   seed?: string | null, seed_commitment?: string, result?: Result | null }} Game
 * @typedef {{ type: string, segment?: number, x?: number, y?: number, rotation?: number,
 *   target?: number, quarter?: string, token?: number }} Action
 * @typedef {{ actions: number[], kind: string, complete: boolean, points: number | null,
 *   followers: number[], segments: number[][] }} Feature a feature the actions at those indices name
 * @typedef {{ room: Room, you?: { seat: number | null, legal?: Action[], features?: Feature[],
 *   placements?: any[][], deadline_ms?: number },
 *   game: Game | null }} View
 * @typedef {{ type: string, player?: number, target_player?: number, x?: number, y?: number,
 *   tile?: string, rotation?: number, segment?: number, feature?: string, points?: number,
 *   count?: number, scorers?: number[], tiles?: number[][], final?: boolean, completed?: boolean,
 *   quarter?: string, detail?: string, forfeit?: boolean, stand_in?: boolean }} GameEvent
 * `stand_in`: the server made this move for the person of `player` (a bot plays for them).
 * @typedef {{ from: string, name: string, text?: string, time?: number, removed?: boolean }} ChatLine
 * @typedef {{ version: number, view: View, log: GameEvent[], chat: ChatLine[] }} RoomState
 */

/**
 * A line of the log, as log-text.js words an event.
 * @typedef {{ text: string, kind: string, player?: number | null, tiles?: number[][],
 *   scorers?: number[], points?: number, feature?: string, final?: boolean }} LogLine
 */

/**
 * A choice on the board (turn.js builds them, board.js draws them).
 * @typedef {{ key: string, action: Action, px: number, py: number, label: string, kind: string,
 *   seat?: number, selected?: boolean, lying?: boolean, text?: string,
 *   rect?: { x: number, y: number, w: number, h: number }, tiles?: number[][],
 *   feature?: Feature, parts?: FeaturePart[], area?: boolean,
 *   tag?: { text: string, title: string, seats: number[] } }} Target
 * `tag`: shown on the board at the target (a market field's worth in its holders' colours).
 * A segment of a feature where it lies: `area` targets are tapped on these shapes.
 * @typedef {{ x: number, y: number, tile: string, rotation: number, segment: number }} FeaturePart
 */

/**
 * The tile catalogue from GET /api/tiles.
 * @typedef {{ id: string, index: number, edges?: string, segments?: any[] }} CatalogTile
 * @typedef {{ tiles: CatalogTile[], byId: Map<string, CatalogTile>, byIndex: Map<number, CatalogTile> }} Catalog
 */

/**
 * What every screen gets from main.js.
 * @typedef {{ conn: import('./net.js').Connection, store: import('./rooms.js').RoomStore,
 *   catalog: Catalog, navigate: (hash: string) => void }} App
 */

/**
 * What the room's views may ask of the room's controller (room-ctrl.js): every change the
 * screen makes goes through one of these, which end in one redraw.
 * @typedef {object} RoomActions
 * @property {() => void} confirm sends the chosen move
 * @property {() => void} pass
 * @property {(dir: number) => void} rotate turns the tile in hand (1 clockwise, -1 anticlockwise)
 * @property {(a: Action) => void} act sends one action (a token, a ransom)
 * @property {() => void} clearChoice places no follower
 * @property {(name: string) => void} showTab opens a tab of the phone's bottom sheet
 * @property {() => void} showEnd opens the end-of-game breakdown
 * @property {() => void} closeEnd
 * @property {() => void} rematch a new room with the same settings, the finished room invited
 * @property {(tiles: number[][]) => void} point shows the tiles of a log line on the board ([] for none)
 * @property {(text: string) => void} sendChat
 * @property {(msg: Record<string, any>) => void} send a request about this room (join, set_bot, kick, start)
 * @property {() => void} leave
 * @property {() => void} resign
 * @property {(factor: number) => void} zoom
 * @property {() => void} fit
 * @property {(open: boolean) => void} setTilesOpen remembers the tiles panel's fold
 */
export {};
