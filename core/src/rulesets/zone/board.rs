//! The e:game / Dimensional Rift board as a graph of zones.
//!
//! Each player has 5 creature zones in a row with 5 artifact zones behind them; the two
//! creature rows face each other, so player 0's zone i faces player 1's zone 4 - i.
//! Nodes of the graph are zones; each edge joins neighbouring zones and carries the
//! absolute direction it points in. Arrow reach is read off the graph once, at first
//! use, into per-zone bit masks so that rules code never walks the graph on a hot path.

use std::sync::OnceLock;

use petgraph::graph::{DiGraph, NodeIndex};

use crate::state::{Opponent, PlayerId, wire_enum};

wire_enum! {
    /// How far an arrow reaches.
    Reach {
        /// No arrow.
        None = 0 => "REACH_NONE",
        /// The next zone.
        Single = 1 => "REACH_SINGLE",
        /// Every zone to the edge (orthogonal only).
        Double = 2 => "REACH_DOUBLE",
    }
}

wire_enum! {
    /// Which way a creature faces; arrows rotate clockwise with it.
    Orientation {
        /// `up` points at the opponent.
        Forward = 0 => "ORIENTATION_FORWARD",
        /// Rotated 90 degrees clockwise.
        Right = 1 => "ORIENTATION_RIGHT",
        /// Rotated 180 degrees.
        Back = 2 => "ORIENTATION_BACK",
        /// Rotated 270 degrees clockwise.
        Left = 3 => "ORIENTATION_LEFT",
    }
}

/// A creature's 8 arrows, relative to a FORWARD orientation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Arrows(pub [Reach; 8]);

impl Default for Arrows {
    fn default() -> Self {
        Arrows([Reach::None; 8])
    }
}

impl Arrows {
    /// The reach in direction `dir`.
    pub fn get(&self, dir: Dir) -> Reach {
        self.0[dir as usize]
    }
    /// Sets the reach in direction `dir`.
    pub fn set(&mut self, dir: Dir, reach: Reach) {
        self.0[dir as usize] = reach;
    }
}

/// Creature zones per player.
pub const ZONES_PER_PLAYER: u8 = 5;
/// Creature zones on the board.
pub const ZONE_COUNT: usize = 10;

/// A creature zone: `index` 0..4 left to right as seen by `player`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct ZoneRef {
    /// The player whose row the zone is in.
    pub player: PlayerId,
    /// 0..4, left to right from that player's seat.
    pub index: u8,
}

impl ZoneRef {
    /// The zone `index` of `player`; `None` when the index is off the board.
    pub fn new(player: PlayerId, index: u8) -> Option<Self> {
        (index < ZONES_PER_PLAYER).then_some(Self { player, index })
    }

    /// Position 0..10 (player 0's zones, then player 1's): the bit in a [`ZoneSet`].
    pub fn slot(self) -> usize {
        usize::from(self.player.0) * usize::from(ZONES_PER_PLAYER) + usize::from(self.index)
    }

    /// The zone at position `slot` (0..10).
    pub fn from_slot(slot: usize) -> Self {
        debug_assert!(slot < ZONE_COUNT);
        let per = usize::from(ZONES_PER_PLAYER);
        Self { player: PlayerId(u8::from(slot >= per)), index: (slot % per) as u8 }
    }

    /// Every creature zone, in slot order.
    pub fn all() -> impl Iterator<Item = ZoneRef> {
        (0..ZONE_COUNT).map(Self::from_slot)
    }

    /// The zone facing this one across the board.
    pub fn facing(self) -> Self {
        Self { player: self.player.opponent(), index: ZONES_PER_PLAYER - 1 - self.index }
    }

    /// Grid cell: rows 0..4 are player 0's artifacts, player 0's creatures, player 1's
    /// creatures, player 1's artifacts; columns run left to right from player 0's seat.
    fn cell(self) -> (usize, usize) {
        let i = usize::from(self.index);
        if self.player.0 == 0 { (1, i) } else { (2, usize::from(ZONES_PER_PLAYER) - 1 - i) }
    }
}

impl std::fmt::Display for ZoneRef {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}", self.player.0, self.index)
    }
}

/// A set of creature zones (bit i = [`ZoneRef::from_slot`]`(i)`), iterated in slot order.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ZoneSet(pub u16);

impl ZoneSet {
    /// True when `zone` is in the set.
    pub fn contains(self, zone: ZoneRef) -> bool {
        self.0 & (1 << zone.slot()) != 0
    }
    /// Adds `zone`.
    pub fn insert(&mut self, zone: ZoneRef) {
        self.0 |= 1 << zone.slot();
    }
    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// How many zones.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// The zones, in slot order.
    pub fn iter(self) -> impl Iterator<Item = ZoneRef> {
        let bits = self.0;
        (0..ZONE_COUNT).filter(move |s| bits & (1 << s) != 0).map(ZoneRef::from_slot)
    }
}

/// What a node of the zone graph is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ZoneKind {
    /// A creature zone, which can be struck.
    Creature(ZoneRef),
    /// An artifact zone behind a creature zone; never struck.
    Artifact {
        /// The player whose artifact row it is in.
        player: PlayerId,
        /// 0..4 left to right from that player's seat.
        index: u8,
    },
}

/// The 8 arrow directions, clockwise from `Up`. As an absolute direction on the grid,
/// `Up` points from player 0's side towards player 1's and `Right` to player 0's right.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Dir {
    /// Towards the opponent.
    Up,
    /// Diagonal up-right.
    UpRight,
    /// Right.
    Right,
    /// Diagonal down-right.
    DownRight,
    /// Away from the opponent.
    Down,
    /// Diagonal down-left.
    DownLeft,
    /// Left.
    Left,
    /// Diagonal up-left.
    UpLeft,
}

impl Dir {
    /// All directions, clockwise from `Up`.
    pub const ALL: [Dir; 8] =
        [Dir::Up, Dir::UpRight, Dir::Right, Dir::DownRight, Dir::Down, Dir::DownLeft, Dir::Left, Dir::UpLeft];

    /// True for the four diagonals.
    pub fn is_diagonal(self) -> bool {
        (self as usize) % 2 == 1
    }

    /// Rotated clockwise by `eighths` eighths of a turn.
    pub fn rotated(self, eighths: usize) -> Dir {
        Dir::ALL[(self as usize + eighths) % 8]
    }

    /// Grid step (row, column) of this direction taken as absolute.
    fn step(self) -> (isize, isize) {
        match self {
            Dir::Up => (1, 0),
            Dir::UpRight => (1, 1),
            Dir::Right => (0, 1),
            Dir::DownRight => (-1, 1),
            Dir::Down => (-1, 0),
            Dir::DownLeft => (-1, -1),
            Dir::Left => (0, -1),
            Dir::UpLeft => (1, -1),
        }
    }

    /// The absolute direction of a creature's arrow `self`, given its orientation and
    /// the player whose zone it stands in (player 1 sits opposite player 0).
    pub fn absolute(self, orientation: Orientation, controller: PlayerId) -> Dir {
        self.rotated(2 * orientation as usize + 4 * usize::from(controller.0))
    }
}

const ROWS: usize = 4;
const COLS: usize = ZONES_PER_PLAYER as usize;

/// The zone graph and the reach masks read off it.
#[derive(Debug)]
pub struct Board {
    graph: DiGraph<ZoneKind, Dir>,
    /// `reach[slot][absolute dir][reach]`: creature zones an arrow reaches.
    reach: [[[ZoneSet; 3]; 8]; ZONE_COUNT],
}

impl Board {
    /// The board, built once.
    pub fn get() -> &'static Board {
        static BOARD: OnceLock<Board> = OnceLock::new();
        BOARD.get_or_init(Board::build)
    }

    fn build() -> Board {
        let mut graph = DiGraph::new();
        let mut nodes = [[NodeIndex::new(0); COLS]; ROWS];
        for (row, row_nodes) in nodes.iter_mut().enumerate() {
            for (col, node) in row_nodes.iter_mut().enumerate() {
                let (player, index) = match row {
                    0 | 1 => (PlayerId(0), col as u8),
                    _ => (PlayerId(1), (COLS - 1 - col) as u8),
                };
                let kind = if row == 1 || row == 2 {
                    ZoneKind::Creature(ZoneRef { player, index })
                } else {
                    ZoneKind::Artifact { player, index }
                };
                *node = graph.add_node(kind);
            }
        }
        for row in 0..ROWS {
            for col in 0..COLS {
                for dir in Dir::ALL {
                    let (dr, dc) = dir.step();
                    let (r, c) = (row as isize + dr, col as isize + dc);
                    if (0..ROWS as isize).contains(&r) && (0..COLS as isize).contains(&c) {
                        graph.add_edge(nodes[row][col], nodes[r as usize][c as usize], dir);
                    }
                }
            }
        }
        let mut board = Board { graph, reach: [[[ZoneSet::default(); 3]; 8]; ZONE_COUNT] };
        for zone in ZoneRef::all() {
            let (row, col) = zone.cell();
            let start = nodes[row][col];
            for dir in Dir::ALL {
                board.reach[zone.slot()][dir as usize][Reach::Single as usize] = board.walk(start, dir, 1);
                if !dir.is_diagonal() {
                    board.reach[zone.slot()][dir as usize][Reach::Double as usize] = board.walk(start, dir, usize::MAX);
                }
            }
        }
        board
    }

    /// Creature zones met following edges labelled `dir` from `start`, at most `steps`.
    fn walk(&self, start: NodeIndex, dir: Dir, steps: usize) -> ZoneSet {
        let mut found = ZoneSet::default();
        let mut at = start;
        for _ in 0..steps {
            let next = self.graph.edges(at).find(|e| *e.weight() == dir).map(|e| petgraph::visit::EdgeRef::target(&e));
            let Some(next) = next else { break };
            if let ZoneKind::Creature(z) = self.graph[next] {
                found.insert(z);
            }
            at = next;
        }
        found
    }

    /// The zone graph (nodes: zones; edges: neighbours, labelled with absolute direction).
    pub fn graph(&self) -> &DiGraph<ZoneKind, Dir> {
        &self.graph
    }

    /// The creature zones that a face-up creature with `arrows`, facing `orientation`,
    /// can target from `zone`. Never includes `zone` itself.
    pub fn targets(&self, zone: ZoneRef, arrows: &Arrows, orientation: Orientation) -> ZoneSet {
        let mut set = 0u16;
        let per_zone = &self.reach[zone.slot()];
        for dir in Dir::ALL {
            let reach = arrows.get(dir);
            if reach != Reach::None {
                set |= per_zone[dir.absolute(orientation, zone.player) as usize][reach as usize].0;
            }
        }
        ZoneSet(set & !(1 << zone.slot()))
    }
}
