/**
 * The common-password check of DESIGN 11 (ASVS 6.2.4, 6.2.11, 6.2.12): a new password is refused
 * when it is, or is built on, one of the most common passwords, or on the product's name or the
 * account's email. "Built on" means what is left after lowercasing, taking digits and signs off
 * both ends and undoing look-alike characters (p@ssw0rd, Password123!, Qwerty-2026!).
 *
 * The list: about 778 of the most used passwords and their stems, plus the keyboard runs and
 * number sequences generated below. Kept small on purpose (a few thousand at most): the spec's
 * composition rule already refuses the short ones, so the stems do the work.
 */
const LIST = `
0000 000000 00000000 0987654321 1111 111111 1111111 11111111 111222 112211 112233 11223344
1122334455 1212 121212 121314 123123 123123123 123321 1234 12341234 12345 1234512345 123454321
123456 1234567 12345678 123456789 1234567890 123456a 123456q 1234qwer 123654 123abc 123qwe
123qwe123 123qweasd 131313 131415 147258 147258369 159357 159753 1a2b3c 1q2w3e 1q2w3e4r
1q2w3e4r5t 1q2w3e4r5t6y 1qaz 1qaz2wsx 1qazxsw2 2000 2222 222222 2wsx 3333 333333 4444 444444
456789 5555 555555 654321 6666 666666 696969 741852963 7777 777777 7777777 789456123 8675309
8888 888888 963852741 987654 987654321 9999 999999 a123456 a1b2c3 a1b2c3d4 aa123456 aaa111
aaaaaa aaaaaaaa abc abc123 abc1234 abc12345 abc123456 abcabc abcd abcd1234 abcde abcde12345
abcdef abcdefg abcdefgh abigail access adam admin admin1 admin123 administrator alex alexander
always amanda amanda1 america andrew andrew1 android angel angel1 angel777 angels anthony
anything apple apple1 april asd123 asdf asdf1234 asdfasdf asdfg asdfgh asdfghjkl ashley ashley1
asshole audi august austin autumn avengers awesome azerty azertyuiop baby babyboy babygirl
bacon bailey banana baseball baseball1 basketball batman batman1 bear bear1 beautiful beckham
bella benjamin berlin best bitch bitcoin biteme black blessed blink182 blue bmw boss boston
boxing boy boys brazil brian brother buddy bulldog bunny burger business buster butter
butterfly california camaro canada candy capital captain cash cat changeme changeme1 charles
charlie charlie1 cheese cheese1 chelsea cherry chevy chicago chicken china chloe chocolate
christ christopher church cobra coco coffee college company company1 company123 computer
computer1 contrasena cookie cookies cool corporate corvette crazy crypto crystal cute cutie
daddy daisy dallas dallas1 dance dancer daniel daniel1 david december december1 default
default1 dell demo demo123 destiny diamond dick diversity doctor dog doggie doggy dollar
dolphin donkey dragon dragon1 dragons drums ducati duke eagle elizabeth emily emma energy
england equality equity equity1 eric everything facebook faith falcon fall family father
february ferrari finance fish florida flower football football1 ford forever france freedom
freedom1 friday friend friends frodo fuckoff fuckyou fund funds funny future gamer gaming
gandalf george germany ginger girl girls gmail god godisgood goku gold golden golf golfer
google great green guest guest123 guitar hannah happy happy1 harley harley1 haslo hawk heather
heaven hello hello123 helloworld hobbit hockey hockey1 honda honey horny horse hotmail hottie
hulk hunter hunter1 hunter2 ilovegod iloveme iloveu iloveyou iloveyou! iloveyou1 imissyou
inclusion india instagram internet invest investment investor iphone ironman isabella italy
jack jake james january jason jedi jennifer jennifer1 jessica jessica1 jesus jesus1 job john
jordan jordan1 jordan23 joseph joshua joshua1 july june justice justin kawasaki kevin killer
killer1 king kitten kitty klaster knight kobe lady ladybug lauren lebron lemon letmein letmein!
letmein1 letmein123 liberty link linkedin lion lkjhgfdsa login lola london love love123
lovehurts lovelove lovely loveme lover lovers loveu loveyou lucky lucky13 lucky7 luigi luna
madison madrid maggie magic man manager march mario mark marvel master master1 matrix matrix1
matthew matthew1 max maxwell may melissa mercedes merlin messi metallica mexico miami michael
michael1 michael23 michelle michelle1 microsoft milo mnbvcxz mobilemail molly mom mommy monday
money money1 monitor monitoring monkey monkey1 monkey12 montana moon moscow motdepasse mother
mummy music mustang mustang1 mylove myself mystery naruto natalie ncc1701 neo network never
newyork nicholas nicole nicole1 ninja nirvana nissan nokia nothing november november1 nurse
october october1 office olivia orange orange1 oscar p4ssword p@ssw0rd pa55word panther paris
parola partner partners pass pass123 pass1234 passw0rd passwd password password1 password12
password123 password1234 passwort patrick paul peace peanut penis pepper pepper1 perfect peter
phoenix piano pikachu pink pirate pizza player poiuytrewq pokemon pony porn porsche portfolio
power prayer prince princesa princess princess1 private public pumpkin puppy purple pussy pwd
q1w2e3 q1w2e3r4 q1w2e3r4t5 qazwsx qazwsxedc qazxsw qqqqqq queen qwe qwe123 qweasd qweasd123
qweasdzxc qweqwe qwer qwer1234 qwert qwerty qwerty! qwerty1 qwerty12 qwerty123 qwerty1234
qwerty12345 qwertyuiop qwertz rabbit rachel rainbow ranger ranger1 red rich richard robert
robert1 rock rocknroll rocky rome ronaldo root root123 runner russia ryan sadie salasana
samantha samsung samurai sarah sasuke saturday school scott secret secret1 secret123 secure
security senha september september1 server sex sexy sexy1 shadow shadow1 shark shit silver
singer sister skywalker slipknot smile snake sniper soccer soccer1 soldier something sonic
sophie spain sparky spiderman spring spring1 star starlight stars startrek starwars starwars1
stephanie steven student sugar summer summer1 summer2020 summer2021 summer2022 summer2023
summer2024 sunday sunshine sunshine1 super superman superman1 suzuki sweetheart sweetie system
taylor tea teacher temp temp123 tennis test test123 test1234 tester testing texas thomas
thomas1 thor thunder thursday thx1138 tiger tigger toby tokyo toor toyota trustme trustno1
tuesday turtle twitter unicorn university usa user user123 vader vegas vegeta victoria viking
wachtwoord warrior wednesday welcome welcome1 welcome123 welcome2020 welcome2021 welcome2022
welcome2023 welcome2024 welcome2025 welcome2026 whale whatever white william windows winter
winter2020 winter2021 winter2022 winter2023 winter2024 wizard wolf woman work xyz xyz123 yahoo
yamaha yankees yellow yoda yourself youtube zaq1 zaq12wsx zaqxsw zelda zion zxc123 zxcv zxcvb
zxcvbn zxcvbnm zxcvbnm1 zzzzzz
`;

/** Keyboard runs and sequences, with their reversals. */
const RUNS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm', 'abcdefghijklmnopqrstuvwxyz', '1234567890', '0987654321'];

function generated(): string[] {
  const out: string[] = [];
  for (const run of RUNS) {
    for (const text of [run, [...run].reverse().join('')]) {
      for (let length = 4; length <= text.length; length++) out.push(text.slice(0, length));
    }
  }
  return out;
}

export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  ...LIST.split(/\s+/).filter(Boolean),
  ...generated(),
]);

const LOOK_ALIKES: Record<string, string> = {
  '@': 'a',
  '4': 'a',
  '8': 'b',
  '(': 'c',
  '3': 'e',
  '6': 'g',
  '9': 'g',
  '1': 'i',
  '!': 'i',
  '|': 'l',
  '0': 'o',
  $: 's',
  '5': 's',
  '7': 't',
  '+': 't',
  '2': 'z',
};

function undoLookAlikes(value: string): string {
  return [...value].map((c) => LOOK_ALIKES[c] ?? c).join('');
}

/** Lowercased, without the digits and signs at either end. */
function stem(value: string): string {
  return value
    .toLowerCase()
    .replace(/^[^a-z]+/, '')
    .replace(/[^a-z]+$/, '');
}

/** The forms of a password the checks compare: as typed (lowercased), its stem, and both decoded. */
function forms(password: string): string[] {
  const lower = password.toLowerCase();
  const core = stem(password);
  return [
    ...new Set([lower, core, undoLookAlikes(lower), undoLookAlikes(core), stem(undoLookAlikes(lower))]),
  ].filter((f) => f.length > 0);
}

export const COMMON_PASSWORD_MESSAGE =
  'This password is too common and easy to guess. Please choose a less predictable one.';
export const EMAIL_PASSWORD_MESSAGE = 'The password must not be your email address or its name part.';
export const PRODUCT_PASSWORD_MESSAGE = "The password must not contain the word 'Parity'.";

/**
 * Why a new password is refused beyond the composition rule, or null when it is acceptable:
 * common (or built on a common one), equal to the email or its local part, or containing 'parity'.
 */
export function weakPasswordReason(password: string, email?: string): string | null {
  const variants = forms(password);
  if (variants.some((f) => f.includes('parity') || f.includes('par1ty'))) return PRODUCT_PASSWORD_MESSAGE;
  if (email) {
    const address = email.trim().toLowerCase();
    const local = address.split('@')[0] ?? '';
    const localStem = stem(local);
    const names = [address, local, localStem].filter((n) => n.length > 0);
    if (variants.some((f) => names.includes(f))) return EMAIL_PASSWORD_MESSAGE;
  }
  if (variants.some((f) => COMMON_PASSWORDS.has(f))) return COMMON_PASSWORD_MESSAGE;
  return null;
}
